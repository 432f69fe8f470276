// Globals of the page that tsc cannot see: util.js is a classic script (also run by render's test under node, whence `module`).
declare var module: { exports: unknown } | undefined;
