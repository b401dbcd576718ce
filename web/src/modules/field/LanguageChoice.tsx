import { FIELD_LOCALES, setFieldLocale, useFieldLocale, useFieldT } from './i18n';

/** English, Español, 中文: each written in its own language, large enough for a thumb. */
export function LanguageChoice() {
  const { t } = useFieldT();
  const locale = useFieldLocale();
  return (
    <fieldset className="field-languages">
      <legend>{t('settings.language')}</legend>
      {FIELD_LOCALES.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={locale === value}
          data-testid={`lang-${value}`}
          onClick={() => setFieldLocale(value)}
        >
          {t(`locale.${value}`)}
        </button>
      ))}
    </fieldset>
  );
}
