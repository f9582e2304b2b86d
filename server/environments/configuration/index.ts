// The configuration document's entry point (docs/decisions/resources-configuration-document.md):
// its shape, export, import and the differences between two versions, each in its own module.
export {
  CONFIGURATION_FORMAT,
  CONFIGURATION_MAX_BYTES,
  CONFIGURATION_VERSION,
  configurationResources,
  type CheckedConfiguration,
  type Configuration,
  type Entity,
} from './document';
export { readConfiguration } from './export';
export { checkConfiguration, writeConfiguration } from './import';
export { uniqueRuleCode, type Problem } from './problems';
export { diffConfigurations, type Difference } from './differences';
