import { register } from 'node:module';

register('./stub-hooks.mjs', import.meta.url);
