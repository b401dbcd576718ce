import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Code } from '@tidyhouse/contract';
import { Form, type FormInstance } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http';
import { showSuccess } from '@/lib/notify';

/** A record a form edits: modify requests send back the `version` the form read. */
export interface Versioned {
  version: number;
}

export interface RecordFormOptions<Values, Rec extends Versioned, Result> {
  /** The record to edit (its detail query); leave out to add a new one. */
  load?: {
    queryKey: QueryKey;
    queryFn: () => Promise<Rec>;
    toValues: (record: Rec) => Values;
  };
  /** Sends the form. `record` is the version the form shows (undefined when adding). */
  submit: (values: Values, record: Rec | undefined) => Promise<Result>;
  /** Queries to refresh after a save (lists: `listQueryKey(url)`). */
  invalidates?: readonly QueryKey[];
  onSaved?: (result: Result) => void;
  /** The message shown after a save; false for none. */
  savedMessage?: string | false;
  /** Fill the form again from the saved record (a form that stays on screen); false when it closes. */
  reloadAfterSave?: boolean;
}

export interface RecordForm<Values, Rec extends Versioned> {
  form: FormInstance<Values>;
  /** The record as the form shows it (its version is the one a modify sends). */
  record: Rec | undefined;
  isEdit: boolean;
  loading: boolean;
  loadFailed: boolean;
  retry: () => void;
  saving: boolean;
  onFinish: (values: Values) => void;
}

/**
 * A 10001 names its fields (`data.issues`): each issue about a field of this form is shown under
 * that field too, where the user looks to correct it (the message also appears as a toast).
 */
function showIssuesOnFields(form: FormInstance, data: unknown): void {
  const issues = (data as { issues?: { field?: string; message?: string }[] } | null)?.issues ?? [];
  const shown = form.getFieldsValue() as Record<string, unknown>;
  const onForm = issues.filter((issue) => issue.field && issue.message && Object.hasOwn(shown, issue.field));
  if (onForm.length) form.setFields(onForm.map((issue) => ({ name: issue.field!, errors: [issue.message!] })));
}

/**
 * A form that adds or modifies a record (design.md §5 form pattern): it fills itself from the detail
 * query once (a later refetch, after a language switch for example, leaves the user's edits alone),
 * sends the version it read, and refreshes the lists it names after a save. When the server answers
 * 10009 it asks for the record again; if someone else changed it meanwhile, the form shows their
 * version (the server's message has already said why). A 10009 about a duplicate (a name taken)
 * leaves the record unchanged, and so the user's edits stay.
 */
export function useRecordForm<Values, Rec extends Versioned, Result = unknown>({
  load,
  submit,
  invalidates = [],
  onSaved,
  savedMessage,
  reloadAfterSave = true,
}: RecordFormOptions<Values, Rec, Result>): RecordForm<Values, Rec> {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [record, setRecord] = useState<Rec | undefined>(undefined);

  const query = useQuery({
    queryKey: load?.queryKey ?? ['recordForm', 'none'],
    queryFn: () => (load ? load.queryFn() : Promise.reject(new Error('no record to load'))),
    enabled: load !== undefined,
    gcTime: 0,
  });

  const toValues = load?.toValues;
  const fill = useCallback(
    (fresh: Rec) => {
      if (!toValues) return;
      setRecord(fresh);
      form.resetFields();
      form.setFieldsValue(toValues(fresh) as Parameters<typeof form.setFieldsValue>[0]);
    },
    [form, toValues],
  );

  // Filled once; later answers of the same query (a language switch) leave the user's edits alone.
  useEffect(() => {
    if (query.data && record === undefined) fill(query.data);
  }, [query.data, record, fill]);

  const mutation = useMutation({
    mutationFn: (values: Values) => submit(values, record),
    onSuccess: async (result) => {
      if (savedMessage !== false) showSuccess(savedMessage ?? t('common.form.saved'));
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onSaved?.(result);
      if (load && reloadAfterSave) {
        const fresh = await query.refetch();
        if (fresh.data) fill(fresh.data);
      }
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code === Code.INVALID_INPUT) showIssuesOnFields(form, error.data);
      if (!(error instanceof ApiError) || error.code !== Code.CONFLICT || !load || !record) return;
      const fresh = await query.refetch();
      // Someone else saved first: show their version. Otherwise (a duplicate) keep the user's edits.
      if (fresh.data && fresh.data.version !== record.version) fill(fresh.data);
    },
  });

  return {
    form,
    record,
    isEdit: load !== undefined,
    loading: load !== undefined && record === undefined && !query.isError,
    loadFailed: query.isError && record === undefined,
    retry: () => void query.refetch(),
    saving: mutation.isPending,
    onFinish: (values) => mutation.mutate(values),
  };
}
