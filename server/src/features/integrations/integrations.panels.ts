import type { PropertyProvider, TestCheck, TestPanelResult } from '@helixis/contract';
import { integrationTexts } from '@helixis/contract';
import type { UpstreamError } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { propertySystem, systemName } from '../../property-systems';
import { asUpstream, loadCredentials, messageFor, openSession } from './integrations.credentials';
import { readKpis, systemHealth, verifyProvider } from './integrations.service';

// ── test panels ─────────────────────────────────────────────────────────────────────────────────

type SampleValue = string | number | boolean | null;

/** A row reduced to ids, names and statuses: the panel proves access without showing personal data. */
function reduceRow(row: unknown, fields: readonly string[]): Record<string, SampleValue> {
  const out: Record<string, SampleValue> = {};
  if (!row || typeof row !== 'object') return out;
  for (const key of fields) {
    const value = (row as Record<string, unknown>)[key];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      if (value !== undefined) out[key] = value as SampleValue;
    }
  }
  return out;
}

const check = (name: string, fields: Partial<TestCheck> & Pick<TestCheck, 'ok' | 'message'>): TestCheck => ({
  name,
  status: null,
  path: null,
  trace_id: null,
  total: null,
  sample: [],
  ...fields,
});

function failedCheck(name: string, err: UpstreamError, provider: PropertyProvider): TestCheck {
  return check(name, {
    ok: false,
    status: err.status || null,
    path: err.path || null,
    trace_id: err.traceId,
    message: messageFor(err.code, provider),
  });
}

/**
 * The test panel of any system: its health (where it has one), verify, a forced KPI read, then a
 * few rows of each resource the system lists, with the workspace's stored credentials.
 */
export async function propertyTestPanel(ctx: WorkspaceContext, provider: PropertyProvider): Promise<TestPanelResult> {
  const system = propertySystem(provider);
  const name = systemName(provider);
  const checks: TestCheck[] = [];
  if (system.health) {
    const health = systemHealth(ctx, provider);
    checks.push(check('Health', { ok: health.ok, message: health.message }));
  }
  const verify = await verifyProvider(ctx, provider);
  checks.push(
    check('Verify', {
      ok: verify.ok,
      status: verify.http_status,
      path: verify.path,
      trace_id: verify.trace_id,
      message: verify.message,
    }),
  );
  if (verify.status === 'never') return { ok: false, message: integrationTexts.notConnected(name), checks };
  const kpis = await readKpis(ctx, provider, { force: true });
  checks.push(
    check('KPIs', {
      ok: kpis.ok,
      status: kpis.status,
      path: kpis.path,
      trace_id: kpis.trace_id,
      message: kpis.ok ? `Read in ${kpis.pages ?? 0} pages.` : (kpis.message ?? ''),
    }),
  );
  const creds = await loadCredentials(ctx, provider);
  if (creds) {
    const session = openSession(ctx, creds);
    for (const resource of system.testPanel.resources) {
      try {
        const { rows, total, traceId } = await session.sample(resource.path);
        checks.push(
          check(resource.name, {
            ok: true,
            status: 200,
            path: resource.path,
            trace_id: traceId,
            message: `${total} records`,
            total,
            sample: rows.map((row) => reduceRow(row, system.testPanel.sampleFields)),
          }),
        );
      } catch (err) {
        checks.push(failedCheck(resource.name, asUpstream(ctx, err, resource.path), provider));
      }
    }
  }
  const ok = checks.every((c) => c.ok);
  return { ok, message: ok ? `All ${name} checks passed.` : `Some ${name} checks failed.`, checks };
}
