import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { testColoursMessages } from '../custom-pages/account/test-colours/i18n';
import { notificationMessages } from '../notifications/i18n';
import type { MessageTree } from './mergeMessages';
import { en } from './en';
import { wordingMessages } from './wording';

/**
 * The English sources, laid over French by the i18n provider. Loaded when English is first wanted
 * (providers/i18nProvider.ts loadEnglish): French is the default, and the sign-in page's first
 * download stays within its budget (tests/e2e/bundle-size.spec.ts).
 */
export const englishSources: [TranslationMessages, ...MessageTree[]] = [
  englishMessages,
  wordingMessages.en,
  en,
  notificationMessages.en,
  testColoursMessages.en,
];
