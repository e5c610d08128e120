import type { KpiName, KpiRecord } from '@helixis/contract';

/** The records each KPI figure of one read was computed from (issue 30 part 4); absent: none listed. */
export type KpiRecordSet = Partial<Record<KpiName, KpiRecord[]>>;
