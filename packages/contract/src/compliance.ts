import { z } from 'zod';
import type { Endpoint } from './endpoint';

/**
 * Outbound compliance (issue 30 part 3): every draft to a resident or applicant is checked before it
 * reaches the approval queue — fair-housing wording, the notice periods the owner configured, and
 * money amounts against known facts. The rules themselves live in @helixis/domain (compliance-rules.ts).
 */

/** Classes of the federal Fair Housing Act: always checked. */
export const FederalProtectedClass = z.enum([
  'race',
  'color',
  'religion',
  'national_origin',
  'sex',
  'familial_status',
  'disability',
]);
export type FederalProtectedClass = z.infer<typeof FederalProtectedClass>;

/** Classes many states and cities add; checked when the owner enables them. */
export const StateProtectedClass = z.enum([
  'source_of_income',
  'age',
  'sexual_orientation',
  'gender_identity',
  'marital_status',
  'military_status',
]);
export type StateProtectedClass = z.infer<typeof StateProtectedClass>;

export const ProtectedClass = z.union([FederalProtectedClass, StateProtectedClass]);
export type ProtectedClass = z.infer<typeof ProtectedClass>;

export const PROTECTED_CLASS_LABELS: Readonly<Record<ProtectedClass, string>> = {
  race: 'Race',
  color: 'Colour',
  religion: 'Religion',
  national_origin: 'National origin',
  sex: 'Sex',
  familial_status: 'Familial status',
  disability: 'Disability',
  source_of_income: 'Source of income',
  age: 'Age',
  sexual_orientation: 'Sexual orientation',
  gender_identity: 'Gender identity',
  marital_status: 'Marital status',
  military_status: 'Military status',
};

export const ComplianceFindingKind = z.enum(['fair_housing', 'notice_period', 'money']);
export type ComplianceFindingKind = z.infer<typeof ComplianceFindingKind>;

export const COMPLIANCE_KIND_LABELS: Readonly<Record<ComplianceFindingKind, string>> = {
  fair_housing: 'Fair housing',
  notice_period: 'Notice period',
  money: 'Amount',
};

export const ComplianceFinding = z.object({
  kind: ComplianceFindingKind,
  /** The rule that fired, e.g. `familial_status.limitation`, `notice.entry`, `money.fact`. */
  rule: z.string(),
  /** The protected class for fair-housing findings. */
  class: ProtectedClass.nullable(),
  /** The words of the draft the rule fired on. */
  excerpt: z.string(),
  /** Why it is a problem, in words an owner reads on the Approvals page. */
  reason: z.string(),
});
export type ComplianceFinding = z.infer<typeof ComplianceFinding>;

/** The check stored with a draft: which rule-set version ran, when, and what it found. */
export const DraftCompliance = z.object({
  version: z.string(),
  checked_at: z.string(),
  findings: z.array(ComplianceFinding),
  /** Who acknowledged the findings when approving (null until then). */
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
export type DraftCompliance = z.infer<typeof DraftCompliance>;

const NoticeDays = z.number().int().min(0).max(365).nullable();
export const ComplianceSettings = z.object({
  /** State classes checked in addition to the federal ones. */
  state_classes: z.array(StateProtectedClass),
  /** Least notice before entering a home, in hours (null: not checked). */
  entry_notice_hours: z.number().int().min(0).max(720).nullable(),
  rent_increase_notice_days: NoticeDays,
  termination_notice_days: NoticeDays,
  /** The version of the rule set drafts are checked with. */
  rules_version: z.string(),
});
export type ComplianceSettings = z.infer<typeof ComplianceSettings>;

export const UpdateComplianceSettingsInput = z
  .object({
    state_classes: z.array(StateProtectedClass).max(StateProtectedClass.options.length).optional(),
    entry_notice_hours: z.number().int().min(0).max(720).nullable().optional(),
    rent_increase_notice_days: NoticeDays.optional(),
    termination_notice_days: NoticeDays.optional(),
  })
  .strict();
export type UpdateComplianceSettingsInput = z.input<typeof UpdateComplianceSettingsInput>;

/** Check any text as a draft would be checked (the Approvals page's "check my edit"). */
export const CheckComplianceInput = z.object({ text: z.string().trim().min(1).max(10_000) }).strict();
export type CheckComplianceInput = z.input<typeof CheckComplianceInput>;
export const CheckComplianceOutput = z.object({ version: z.string(), findings: z.array(ComplianceFinding) });
export type CheckComplianceOutput = z.infer<typeof CheckComplianceOutput>;

export const complianceEndpoints = {
  complianceSettings: {
    method: 'GET',
    path: '/api/v1/automations/compliance',
    access: 'workspace',
    summary: 'The outbound-compliance settings: enabled state classes and notice periods.',
    input: z.object({}).strict(),
    output: ComplianceSettings,
  },
  updateComplianceSettings: {
    method: 'PUT',
    path: '/api/v1/automations/compliance',
    access: 'workspace',
    role: 'owner',
    summary: 'Sets the state protected classes and notice periods drafts are checked against.',
    input: UpdateComplianceSettingsInput,
    output: ComplianceSettings,
  },
  checkCompliance: {
    method: 'POST',
    path: '/api/v1/automations/compliance/check',
    access: 'workspace',
    summary: 'Checks a text with the rules drafts are checked with (fair housing, notice periods, amounts).',
    input: CheckComplianceInput,
    output: CheckComplianceOutput,
  },
} as const satisfies Record<string, Endpoint>;
