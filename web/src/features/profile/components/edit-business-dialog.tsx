import type { BusinessData, EssentialInfo } from '@helixis/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { type FieldRule, fieldError } from '../../../lib/form-rules';
import type { ProfileChanges } from '../api/business-profile';
import type { AutosaveState } from '../api/use-profile-autosave';

/** The fields the dialog edits; `focus` names one of them (or a summary gap's field). */
export type EditableField =
  | 'officialName'
  | 'industry'
  | 'businessDescription'
  | 'serviceArea'
  | 'primaryContact'
  | 'services'
  | 'target_audience'
  | 'paymentsAccepted'
  | 'mailingAddress';

interface Values {
  officialName: string;
  industry: string;
  businessDescription: string;
  serviceArea: string;
  contactName: string;
  contactRole: string;
  contactEmail: string;
  services: string;
  target_audience: string;
  paymentsAccepted: string;
  mailingAddress: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const rules: Record<keyof Values, FieldRule> = {
  officialName: { minLength: 2, maxLength: 40 },
  industry: { maxLength: 200 },
  businessDescription: { maxLength: 20_000 },
  serviceArea: { maxLength: 500 },
  contactName: { maxLength: 200 },
  contactRole: { maxLength: 200 },
  contactEmail: { maxLength: 320, pattern: EMAIL },
  services: { maxLength: 5_000 },
  target_audience: { maxLength: 1_000 },
  paymentsAccepted: { maxLength: 300 },
  mailingAddress: { maxLength: 500 },
};

function valuesOf(data: BusinessData, info: EssentialInfo): Values {
  return {
    officialName: data.officialName ?? '',
    industry: data.industry ?? '',
    businessDescription: data.businessDescription ?? '',
    serviceArea: data.serviceArea ?? '',
    contactName: data.primaryContact?.name ?? '',
    contactRole: data.primaryContact?.role ?? '',
    contactEmail: data.primaryContact?.email ?? '',
    services: info.services ?? '',
    target_audience: info.target_audience ?? '',
    paymentsAccepted: (info.paymentsAccepted ?? []).join(', '),
    mailingAddress: info.mailingAddress ?? '',
  };
}

/** The change one field's new value makes to the profile. */
function changeFor(key: keyof Values, value: string, values: Values): ProfileChanges {
  switch (key) {
    case 'officialName':
    case 'industry':
    case 'businessDescription':
    case 'serviceArea':
      return { business_data: { [key]: value } };
    case 'contactName':
    case 'contactRole':
    case 'contactEmail': {
      const next = { ...values, [key]: value };
      return {
        business_data: {
          primaryContact: { name: next.contactName, role: next.contactRole, email: next.contactEmail },
        },
      };
    }
    case 'paymentsAccepted':
      return {
        essential_info: {
          paymentsAccepted: value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        },
      };
    default:
      return { essential_info: { [key]: value } };
  }
}

const focusTarget: Record<EditableField, keyof Values> = {
  officialName: 'officialName',
  industry: 'industry',
  businessDescription: 'businessDescription',
  serviceArea: 'serviceArea',
  primaryContact: 'contactName',
  services: 'services',
  target_audience: 'target_audience',
  paymentsAccepted: 'paymentsAccepted',
  mailingAddress: 'mailingAddress',
};

const SAVE_STATE_TEXT: Record<AutosaveState, string> = {
  idle: '',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  saved: 'All changes saved',
  error: 'Could not save your changes. Please try again.',
};

/**
 * The edit dialog of the onboarding summary: the five required fields and the other essentials.
 * Every valid change is queued for the debounced auto-save; invalid values show the field rule's text.
 */
export function EditBusinessDialog({
  open,
  onOpenChange,
  focus,
  businessData,
  essentialInfo,
  onChange,
  onDone,
  saveState,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focus: EditableField | null;
  businessData: BusinessData;
  essentialInfo: EssentialInfo;
  onChange: (changes: ProfileChanges) => void;
  onDone: () => void;
  saveState: AutosaveState;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(businessData, essentialInfo));
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const inputs = useRef<Partial<Record<keyof Values, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  // A fresh copy of the profile each time the dialog opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening, not on every save
  useEffect(() => {
    if (open) {
      setValues(valuesOf(businessData, essentialInfo));
      setTouched({});
    }
  }, [open]);

  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (fieldError(value, rules[key]) === null) onChange(changeFor(key, value, values));
  };

  const field = (
    key: keyof Values,
    label: string,
    options: { multiline?: boolean; type?: string; hint?: string } = {},
  ) => {
    const error = touched[key] ? fieldError(values[key], rules[key]) : null;
    const id = `edit-${key}`;
    const common = {
      id,
      value: values[key],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
    };
    return (
      <div className="space-y-1.5">
        <Label htmlFor={id}>{label}</Label>
        {options.multiline ? (
          <Textarea
            {...common}
            ref={(el) => {
              inputs.current[key] = el;
            }}
            rows={4}
            onChange={(e) => set(key, e.target.value)}
          />
        ) : (
          <Input
            {...common}
            ref={(el) => {
              inputs.current[key] = el;
            }}
            type={options.type ?? 'text'}
            onChange={(e) => set(key, e.target.value)}
          />
        )}
        {options.hint && !error ? <p className="text-muted-foreground text-xs">{options.hint}</p> : null}
        {error ? (
          <p id={`${id}-error`} className="text-destructive text-xs">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
        onOpenAutoFocus={(event) => {
          const target = focus ? inputs.current[focusTarget[focus]] : null;
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Edit business details</DialogTitle>
          <DialogDescription>Changes are saved automatically a second after you stop typing.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('officialName', 'Business Name')}
          {field('industry', 'Industry')}
          <div className="sm:col-span-2">
            {field('businessDescription', 'Business Description', { multiline: true })}
          </div>
          {field('serviceArea', 'Service Area', { hint: 'For example: Columbus, OH and Pittsburgh, PA' })}
          {field('mailingAddress', 'Mailing Address')}
          <fieldset className="grid gap-3 rounded-lg border p-3 sm:col-span-2 sm:grid-cols-3">
            <legend className="px-1 font-medium text-sm">Primary Contact & Role</legend>
            {field('contactName', 'Name')}
            {field('contactRole', 'Role')}
            {field('contactEmail', 'E-mail', { type: 'email' })}
          </fieldset>
          {field('services', 'Services')}
          {field('target_audience', 'Customers')}
          <div className="sm:col-span-2">
            {field('paymentsAccepted', 'Payments accepted', { hint: 'Comma-separated, e.g. ACH, Visa, Check' })}
          </div>
        </div>
        <DialogFooter className="items-center sm:justify-between">
          <p aria-live="polite" className="text-muted-foreground text-xs">
            {SAVE_STATE_TEXT[saveState]}
          </p>
          <Button onClick={onDone}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
