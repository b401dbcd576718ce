import type {
  Customer,
  CustomerAddRequest,
  CustomerModifyRequest,
  CustomerStatus,
  HouseType,
  Location,
  LocationFields,
} from '@tidyhouse/contract';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';

/** Form values ↔ request bodies of the customer screens (pure, unit-tested). */

export const toIsoDate = (value: Dayjs | null | undefined): string | null => (value ? value.format('YYYY-MM-DD') : null);
export const fromIsoDate = (value: string | null | undefined): Dayjs | null => (value ? dayjs(value) : null);

export interface ProfileFormValues {
  name: string;
  company?: string;
  phone1: string;
  phone2?: string;
  phone3?: string;
  email?: string;
  language: 'en' | 'zh';
  source?: CustomerAddRequest['source'];
  channel?: string;
  note?: string;
  serviceTeamId?: number | null;
  /** Shown only: derived from the jobs, never sent. */
  nextServiceDate?: Dayjs | null;
  lastServiceDate?: Dayjs | null;
  status?: CustomerStatus;
}

type ProfileFields = Omit<CustomerModifyRequest, 'id' | 'version'>;

/**
 * The profile part of add and modify. Never a card field: the card on file is set only by entering
 * a card through the gateway (billing CardCapture); the server refuses card fields here.
 */
export function profileToRequest(values: ProfileFormValues): ProfileFields {
  return {
    name: values.name,
    company: values.company ?? '',
    phone1: values.phone1,
    phone2: values.phone2 ?? '',
    phone3: values.phone3 ?? '',
    email: values.email ?? '',
    language: values.language,
    source: values.source ?? null,
    channel: values.channel ?? '',
    note: values.note ?? '',
    serviceTeamId: values.serviceTeamId ?? null,
  };
}

export function customerToForm(customer: Customer): ProfileFormValues {
  return {
    name: customer.name,
    company: customer.company,
    phone1: customer.phone1,
    phone2: customer.phone2,
    phone3: customer.phone3,
    email: customer.email,
    language: customer.language,
    source: customer.source,
    channel: customer.channel,
    note: customer.note,
    serviceTeamId: customer.serviceTeam?.id ?? null,
    nextServiceDate: fromIsoDate(customer.nextServiceDate),
    lastServiceDate: fromIsoDate(customer.lastServiceDate),
  };
}

export interface LocationFormValues {
  name: string;
  address1: string;
  address2?: string;
  city?: string;
  state?: string;
  zip: string;
  primaryContact: string;
  contactPhone?: string;
  houseType: HouseType;
  sqft?: number | null;
  accessNotes?: string;
  isPrimary?: boolean;
  keyCode?: string;
  alarmCode?: string;
  gateCode?: string;
  clearKeyCode?: boolean;
  clearAlarmCode?: boolean;
  clearGateCode?: boolean;
}

/** A code input: empty keeps the stored code (null), "clear" sends '', text replaces it. */
export function codeToRequest(text: string | undefined, clear: boolean | undefined): string | null {
  if (clear) return '';
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

export function locationToRequest(values: LocationFormValues): LocationFields {
  return {
    name: values.name,
    address1: values.address1,
    address2: values.address2 ?? '',
    city: values.city ?? '',
    state: values.state || 'CA',
    zip: values.zip,
    primaryContact: values.primaryContact,
    contactPhone: values.contactPhone ?? '',
    houseType: values.houseType,
    sqft: values.sqft ?? null,
    accessNotes: values.accessNotes ?? '',
    isPrimary: values.isPrimary ?? false,
    keyCode: codeToRequest(values.keyCode, values.clearKeyCode),
    alarmCode: codeToRequest(values.alarmCode, values.clearAlarmCode),
    gateCode: codeToRequest(values.gateCode, values.clearGateCode),
  };
}

/** A stored location in the form; codes start empty (the server answers them masked only). */
export function locationToForm(location: Location): LocationFormValues {
  return {
    name: location.name,
    address1: location.address1,
    address2: location.address2,
    city: location.city,
    state: location.state,
    zip: location.zip,
    primaryContact: location.primaryContact,
    contactPhone: location.contactPhone,
    houseType: location.houseType,
    sqft: location.sqft,
    accessNotes: location.accessNotes,
    isPrimary: location.isPrimary,
    keyCode: '',
    alarmCode: '',
    gateCode: '',
    clearKeyCode: false,
    clearAlarmCode: false,
    clearGateCode: false,
  };
}
