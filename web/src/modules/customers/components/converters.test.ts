import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../shared';
import { codeToRequest, locationToRequest, profileToRequest } from './converters';
import { documentProblem } from './DocumentsTab';

describe('customer form converters', () => {
  it('sends an empty code as null (keep), a ticked clear as empty text, and new text trimmed', () => {
    expect(codeToRequest('', false)).toBeNull();
    expect(codeToRequest(undefined, undefined)).toBeNull();
    expect(codeToRequest('   ', false)).toBeNull();
    expect(codeToRequest('1234', true)).toBe('');
    expect(codeToRequest(' 4821 ', false)).toBe('4821');
  });

  it('builds a location request with defaults for the optional fields', () => {
    expect(
      locationToRequest({
        name: 'Home',
        address1: '1 Main St',
        zip: '94401',
        primaryContact: 'Ann',
        houseType: 'house',
        gateCode: '77',
        clearAlarmCode: true,
      }),
    ).toEqual({
      name: 'Home',
      address1: '1 Main St',
      address2: '',
      city: '',
      state: 'CA',
      zip: '94401',
      primaryContact: 'Ann',
      contactPhone: '',
      houseType: 'house',
      sqft: null,
      accessNotes: '',
      isPrimary: false,
      keyCode: null,
      alarmCode: '',
      gateCode: '77',
    });
  });

  it('never sends the service dates (derived from the jobs) nor any card field', () => {
    const base = { name: 'Ann', phone1: '6505550100', language: 'en' as const, nextServiceDate: dayjs('2025-03-04') };
    const sent = profileToRequest(base);
    expect(sent).not.toHaveProperty('nextServiceDate');
    expect(sent).not.toHaveProperty('lastServiceDate');
    // The card on file comes only from the gateway capture; the server refuses card fields.
    expect(Object.keys(sent).filter((key) => /card|token|gateway/i.test(key))).toEqual([]);
  });

  it('checks a document before upload: type, size limit, empty', () => {
    expect(documentProblem({ name: 'a.PDF', size: 10 })).toBeNull();
    expect(documentProblem({ name: 'a.exe', size: 10 })).toBe('validation.fileTypeNotAllowed');
    expect(documentProblem({ name: 'a.pdf', size: 10 * 1024 * 1024 + 1 })).toBe('validation.fileTooLarge');
    expect(documentProblem({ name: 'a.txt', size: 0 })).toBe('validation.fileEmpty');
  });

  it('shows sizes in human units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2500)).toBe('2.4 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
  });
});
