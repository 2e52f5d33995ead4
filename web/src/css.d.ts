/** esbuild bundles CSS imported from TypeScript into app.css. */
declare module '*.css';
