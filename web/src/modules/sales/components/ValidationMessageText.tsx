import { useTranslation } from 'react-i18next';

/** A form message of this domain as an element, so it follows a language switch without validating again. */
export function ValidationMessageText({ textKey }: { textKey: 'sales.form.cardIncomplete' | 'sales.form.last4Rule' }) {
  const { t } = useTranslation();
  return <>{t(textKey)}</>;
}
