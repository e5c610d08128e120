import { z } from 'zod';

/** The generic field texts (required, e-mail, length), shared by every form. */
export const fieldMessages = {
  required: 'This field is required',
  minLength: (n: number) => `Must be at least ${n} characters`,
  maxLength: (n: number) => `Must be no more than ${n} characters`,
  pattern: 'Invalid format',
} as const;

export interface FieldRule {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

/** The first rule a value breaks, in the order required → minimum → maximum → pattern; null when it passes. */
export function fieldError(value: string, rule: FieldRule): string | null {
  if (value.trim() === '') return rule.required ? fieldMessages.required : null;
  if (rule.minLength !== undefined && value.length < rule.minLength) return fieldMessages.minLength(rule.minLength);
  if (rule.maxLength !== undefined && value.length > rule.maxLength) return fieldMessages.maxLength(rule.maxLength);
  if (rule.pattern && !rule.pattern.test(value.trim())) return fieldMessages.pattern;
  return null;
}

/** A zod string schema for one form field that reports exactly one message: the first broken rule. */
export function fieldRule(rule: FieldRule) {
  return z.string().superRefine((value, ctx) => {
    const message = fieldError(value, rule);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** Every form validates a field on blur, then on each change once it has been blurred. */
export const FORM_VALIDATION_MODE = 'onTouched' as const;
