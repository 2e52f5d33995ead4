import { pipelineSuite } from './pipeline';
const r = await pipelineSuite({ durationMs: 4000, levels: [1, 50] });
console.log(JSON.stringify(r));
