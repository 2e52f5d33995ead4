/** esbuild bundles CSS imported from TypeScript into app-HASH.css (scripts/build-web.ts). */
declare module '*.css';
