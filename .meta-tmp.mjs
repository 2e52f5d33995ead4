import * as esbuild from 'esbuild';
const [entry, target] = process.argv.slice(2);
const r = await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node22', minify: true, write: false, metafile: true, external: ['@aws-sdk/*', '@smithy/*'], outfile: '/tmp/i15/out.mjs' });
const inputs = r.metafile.inputs;
const importers = {};
for (const [f, i] of Object.entries(inputs)) for (const imp of i.imports) (importers[imp.path] ??= []).push(f);
// BFS from entry to target, printing the chain
const prev = {}; const q = [entry.replace(/^\.\//,'')]; const seen = new Set(q);
const start = Object.keys(inputs).find(k => k.endsWith(entry)); q[0]=start; 
while (q.length) { const f = q.shift(); if (f.includes(target)) { const chain=[f]; let c=f; while (prev[c]) { c=prev[c]; chain.unshift(c);} console.log(chain.join('\n  -> ')); break; }
  for (const imp of inputs[f]?.imports ?? []) if (!seen.has(imp.path)) { seen.add(imp.path); prev[imp.path]=f; q.push(imp.path);} }
