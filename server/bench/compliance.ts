/**
 * Compliance benchmark (`npm run bench:compliance`, also part of `npm run bench`): the fair-housing
 * rules of @helixis/domain over the compliance set, every state class enabled. Prints recall on the
 * must-flag half, false flags on the ordinary half, precision, and each miss or false flag.
 * Targets (issue 30): recall ≥ 0.95, at most 1 false flag.
 */
import { COMPLIANCE_RULES_VERSION, COMPLIANCE_SET, fairHousingFindings, STATE_CLASS_IDS } from '@helixis/domain';

const out = (line = '') => process.stdout.write(`${line}\n`);

const results = COMPLIANCE_SET.map((p) => ({ ...p, findings: fairHousingFindings(p.text, STATE_CLASS_IDS) }));
const must = results.filter((r) => r.flag);
const fine = results.filter((r) => !r.flag);
const tp = must.filter((r) => r.findings.length > 0).length;
const fp = fine.filter((r) => r.findings.length > 0).length;
const recall = tp / must.length;
const precision = tp + fp === 0 ? 1 : tp / (tp + fp);

out(
  `compliance set: ${results.length} phrases (${must.length} must be flagged, ${fine.length} ordinary); rules ${COMPLIANCE_RULES_VERSION}`,
);
for (const tone of ['clear', 'subtle'] as const) {
  const part = must.filter((r) => r.tone === tone);
  out(
    `  ${tone === 'clear' ? 'clearly discriminatory' : 'subtle steering'}: ${part.filter((r) => r.findings.length > 0).length}/${part.length} flagged`,
  );
}
out(
  `recall ${recall.toFixed(3)} (target ≥ 0.95), precision ${precision.toFixed(3)}, false flags ${fp}/${fine.length} (target ≤ 1)`,
);
for (const r of must.filter((x) => x.findings.length === 0)) out(`  missed: ${r.text}`);
for (const r of fine.filter((x) => x.findings.length > 0)) {
  out(`  false flag: ${r.text} (${r.findings.map((f) => f.rule).join(', ')})`);
}
if (recall < 0.95 || fp > 1) {
  out('compliance targets NOT met');
  process.exitCode = 1;
}
