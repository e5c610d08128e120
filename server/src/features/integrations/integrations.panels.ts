import { integrationTexts, type PropertyProvider, type TestCheck, type TestPanelResult } from '@helixis/contract';
import type { AppfolioClient } from '../../integrations/appfolio/client';
import type { BuildiumClient } from '../../integrations/buildium/client';
import { newTraceId, type UpstreamError } from '../../integrations/upstream';
import type { WorkspaceContext } from '../../platform/context';
import { asUpstream, clientFor, loadCredentials, messageFor, type WorkspaceInput } from './integrations.credentials';
import { buildiumHealth, readKpis, verifyProvider } from './integrations.service';

// ── test panels ─────────────────────────────────────────────────────────────────────────────────

type SampleValue = string | number | boolean | null;
const SAMPLE_FIELDS = [
  'Id',
  'Name',
  'Title',
  'UnitNumber',
  'PropertyId',
  'Status',
  'TaskStatus',
  'LeaseStatus',
  'IsActive',
  'TotalBalance',
  'property_id',
  'property_name',
  'unit',
  'status',
  'work_order_number',
  'amount_receivable',
];

/** A row reduced to ids, names and statuses: the panel proves access without showing personal data. */
function reduceRow(row: unknown): Record<string, SampleValue> {
  const out: Record<string, SampleValue> = {};
  if (!row || typeof row !== 'object') return out;
  for (const key of SAMPLE_FIELDS) {
    const value = (row as Record<string, unknown>)[key];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      if (value !== undefined) out[key] = value as SampleValue;
    }
  }
  return out;
}

function failedCheck(name: string, err: UpstreamError, provider: PropertyProvider): TestCheck {
  return {
    name,
    ok: false,
    status: err.status || null,
    path: err.path || null,
    trace_id: err.traceId,
    message: messageFor(err.code, provider),
    total: null,
    sample: [],
  };
}

const BUILDIUM_RESOURCES: [string, string][] = [
  ['Rental properties', '/v1/rentals'],
  ['Rental units', '/v1/rentals/units'],
  ['Associations', '/v1/associations'],
  ['Leases', '/v1/leases'],
  ['Tenants', '/v1/leases/tenants'],
  ['Work orders', '/v1/workorders'],
  ['Tasks', '/v1/tasks'],
  ['Bills', '/v1/bills'],
  ['Outstanding balances', '/v1/leases/outstandingbalances'],
];

export async function buildiumTest({
  ctx,
}: {
  ctx: WorkspaceContext;
  input: WorkspaceInput;
}): Promise<TestPanelResult> {
  const checks: TestCheck[] = [];
  const health = await buildiumHealth({ ctx });
  checks.push({
    name: 'Health',
    ok: health.ok,
    status: null,
    path: null,
    trace_id: null,
    message: health.message,
    total: null,
    sample: [],
  });
  const verify = await verifyProvider(ctx, 'buildium');
  checks.push({
    name: 'Verify',
    ok: verify.ok,
    status: verify.http_status,
    path: verify.path,
    trace_id: verify.trace_id,
    message: verify.message,
    total: null,
    sample: [],
  });
  if (verify.status === 'never') return { ok: false, message: integrationTexts.notConnected, checks };
  const kpis = await readKpis(ctx, 'buildium', { force: true });
  checks.push({
    name: 'KPIs',
    ok: kpis.ok,
    status: kpis.status,
    path: kpis.path,
    trace_id: kpis.trace_id,
    message: kpis.ok ? `Read in ${kpis.pages ?? 0} pages.` : (kpis.message ?? ''),
    total: null,
    sample: [],
  });
  const creds = await loadCredentials(ctx, 'buildium');
  if (creds) {
    const client = clientFor(ctx, creds) as BuildiumClient;
    for (const [name, path] of BUILDIUM_RESOURCES) {
      try {
        const traceId = newTraceId();
        const { rows, total } = await client.sample<unknown>(path, 3, {}, traceId);
        checks.push({
          name,
          ok: true,
          status: 200,
          path,
          trace_id: traceId,
          message: `${total} records`,
          total,
          sample: rows.map(reduceRow),
        });
      } catch (err) {
        checks.push(failedCheck(name, asUpstream(ctx, err, path), 'buildium'));
      }
    }
  }
  const ok = checks.every((c) => c.ok);
  return { ok, message: ok ? 'All Buildium checks passed.' : 'Some Buildium checks failed.', checks };
}

const APPFOLIO_REPORTS = [
  ['Property directory', 'property_directory'],
  ['Rent roll', 'rent_roll'],
  ['Tenant directory', 'tenant_directory'],
  ['Work orders', 'work_order'],
  ['Delinquency', 'delinquency'],
] as const;

export async function appfolioTest({
  ctx,
}: {
  ctx: WorkspaceContext;
  input: WorkspaceInput;
}): Promise<TestPanelResult> {
  const creds = await loadCredentials(ctx, 'appfolio');
  if (!creds) return { ok: false, message: integrationTexts.appfolioNotConnected, checks: [] };
  const client = clientFor(ctx, creds) as AppfolioClient;
  const checks: TestCheck[] = [];
  for (const [name, report] of APPFOLIO_REPORTS) {
    const path = `/api/v2/reports/${report}.json`;
    try {
      const rows = await client.report(report);
      checks.push({
        name,
        ok: true,
        status: 200,
        path,
        trace_id: null,
        message: `${rows.length} rows`,
        total: rows.length,
        sample: rows.slice(0, 3).map(reduceRow),
      });
    } catch (err) {
      checks.push(failedCheck(name, asUpstream(ctx, err, path), 'appfolio'));
    }
  }
  const ok = checks.every((c) => c.ok);
  return { ok, message: ok ? 'All AppFolio checks passed.' : 'Some AppFolio checks failed.', checks };
}
