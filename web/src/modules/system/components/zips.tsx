import { ZIP_KINDS, type ZipKind, ZUsZip } from '@tidyhouse/contract';
import { type FormRule, Select, Tag } from 'antd';
import { ValidationMessage } from '@/components/formRules';

/** The form field of each ZIP list of a zone. */
export const zipField = (kind: ZipKind) => `${kind}Zips` as const;

/** A ZIP as the server keeps it (ZIP+4 keeps its 5 digits), or null when it is not a US ZIP code. */
export function normalZip(text: string): string | null {
  const parsed = ZUsZip.safeParse(text);
  return parsed.success ? parsed.data : null;
}

/** What was typed, trimmed, ZIP+4 cut to 5 digits, without repeats; entries that are not ZIPs stay (to be shown wrong). */
export function normalizeZipList(values: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const raw of values ?? []) {
    const text = raw.trim();
    if (!text) continue;
    const zip = normalZip(text) ?? text;
    if (!out.includes(zip)) out.push(zip);
  }
  return out;
}

/** Every entry a US ZIP code ('must be a US ZIP code'). */
export function zipListRule(): FormRule {
  return {
    validator: (_rule, value: string[] | undefined) =>
      (value ?? []).every((zip) => normalZip(zip) !== null) ? Promise.resolve() : Promise.reject(new Error('rule.usZip')),
    message: <ValidationMessage messageKey="rule.usZip" />,
  };
}

/** No ZIP in this list and in another list of the same zone ('is already in another list of this zone'). */
export function oneListRule(kind: ZipKind): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: string[] | undefined) => {
      const others = ZIP_KINDS.filter((k) => k !== kind).flatMap(
        (k) => (getFieldValue(zipField(k)) as string[] | undefined) ?? [],
      );
      return (value ?? []).some((zip) => others.includes(zip))
        ? Promise.reject(new Error('rule.zipInTwoLists'))
        : Promise.resolve();
    },
    message: <ValidationMessage messageKey="rule.zipInTwoLists" />,
  });
}

/** ZIP codes typed as tags (Enter, comma or space between them); an entry that is not a ZIP shows red. */
export function ZipTagsSelect({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  placeholder?: string;
}) {
  return (
    <Select<string[]>
      id={id}
      mode="tags"
      open={false}
      suffixIcon={null}
      value={value}
      onChange={(next) => onChange?.(normalizeZipList(next))}
      tokenSeparators={[',', ' ', ';', '\n']}
      placeholder={placeholder}
      style={{ width: '100%' }}
      tagRender={({ value: zip, closable, onClose }) => (
        <Tag
          color={normalZip(String(zip)) ? undefined : 'error'}
          closable={closable}
          onClose={onClose}
          style={{ marginInlineEnd: 4 }}
          data-testid="zip-tag"
        >
          {String(zip)}
        </Tag>
      )}
    />
  );
}
