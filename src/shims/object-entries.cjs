// node-polyglot (react-admin's i18n) requires the `object.entries` polyfill, which brings
// es-abstract's intrinsics (about 6 KB gzip) to the sign-in page. Every browser the console
// supports has Object.entries: the alias in vite.config.ts points the polyfill here.
module.exports = Object.entries;
