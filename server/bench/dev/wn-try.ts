import { wordnetRelated } from '../../src/llm/wordnet';

const t0 = Date.now();
for (const w of process.argv.slice(2)) console.log(w, [...wordnetRelated(w)].join(' '));
console.log(Date.now() - t0, 'ms');
