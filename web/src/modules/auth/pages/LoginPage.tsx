import { useMutation } from '@tanstack/react-query';
import { FIELD_HOME, LOCALES, type LoginRequest, type LoginResponse, type MessageKey } from '@tidyhouse/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate } from 'react-router';
import { isEmptyValue } from '@/components/formRules';
import { useClickGuard } from '@/components/useClickGuard';
import { hasMenu, saveSession } from '@/lib/auth';
import { fieldApp, isFieldUser } from '@/lib/fieldApp';
import { post } from '@/lib/http';
import { setLocale, useLocale } from '@/lib/i18n';
import type { LoginLoaderData } from '../loginLoader';
import { refuseWithoutMenu } from '../refuseWithoutMenu';
import './login.css';
import { LOGIN_ICON_PATHS } from './loginIcons';

type Field = keyof LoginRequest;
type Errors = Partial<Record<Field, MessageKey>>;

/** The spec §5 messages: a blank user name, an empty password (spaces are a password). */
function validate(values: LoginRequest): Errors {
  const errors: Errors = {};
  if (isEmptyValue(values.uname)) errors.uname = 'validation.userNameRequired';
  if (isEmptyValue(values.password, false)) errors.password = 'validation.passwordRequired';
  return errors;
}

function Icon({ name }: { name: keyof typeof LOGIN_ICON_PATHS }) {
  return (
    <svg viewBox="64 64 896 896" aria-hidden="true" focusable="false">
      {LOGIN_ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * /login (spec §2): user name, password and language; a user without menu entries is refused, but a
 * cleaner goes on to the field app.
 * Plain HTML and CSS with antd's look, no antd components: the first load of the app is this page,
 * and antd (its styles engine, form, inputs) loads with the shell after sign-in.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const ids = useId();
  const linkError = (useLoaderData() as LoginLoaderData | null | undefined)?.linkError;
  const [values, setValues] = useState<LoginRequest>({ uname: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const login = useMutation({ mutationFn: (body: LoginRequest) => post<LoginResponse>('/login', body) });
  const { guarded, handleClick } = useClickGuard<HTMLButtonElement>(undefined);

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Like antd's form: once submitted, a field's message follows its value.
    if (submitted) setErrors(validate(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    login.mutate(values, {
      onSuccess: ({ token, userInfo, home }) => {
        // The answer sends a cleaner to the field app (issue 21), signed in there too (same origin, same session).
        if (home === FIELD_HOME || isFieldUser(userInfo)) {
          saveSession(token, userInfo);
          fieldApp.open();
          return;
        }
        if (!hasMenu(userInfo)) {
          void refuseWithoutMenu(token);
          return;
        }
        saveSession(token, userInfo);
        navigate('/', { replace: true });
      },
    });
  };

  const field = (name: Field, label: string, input: React.ReactNode) => (
    <div className="login-field">
      <label htmlFor={name}>{label}</label>
      <div className={errors[name] ? 'login-input has-error' : 'login-input'}>{input}</div>
      <div className="login-error" id={`${ids}-${name}-error`} role={errors[name] ? 'alert' : undefined}>
        {errors[name] ? t(errors[name]) : null}
      </div>
    </div>
  );
  const inputProps = (name: Field) => ({
    id: name,
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${ids}-${name}-error`,
  });

  return (
    <div className="login-page">
      <div className="login-card">
        <h3 className="login-title">{t('auth.login.title')}</h3>
        <p className="login-subtitle">{t('auth.login.subtitle')}</p>
        {linkError ? (
          <div className="login-alert" role="alert" data-testid="login-link-error">
            <span className="login-alert-icon" aria-hidden="true">
              ⓧ
            </span>
            <span>{linkError}</span>
          </div>
        ) : null}
        <form onSubmit={submit} noValidate>
          {field(
            'uname',
            t('auth.login.uname'),
            <>
              <Icon name="user" />
              {/* biome-ignore lint/a11y/noAutofocus: the page exists to type a user name. */}
              <input {...inputProps('uname')} type="text" autoComplete="username" autoFocus />
            </>,
          )}
          {field(
            'password',
            t('auth.login.password'),
            <>
              <Icon name="lock" />
              <input {...inputProps('password')} type={revealed ? 'text' : 'password'} autoComplete="current-password" />
              <button
                type="button"
                className="login-reveal"
                title={t(revealed ? 'auth.login.hidePassword' : 'auth.login.showPassword')}
                onClick={() => setRevealed(!revealed)}
              >
                <Icon name={revealed ? 'eye' : 'eyeOff'} />
              </button>
            </>,
          )}
          <fieldset className="login-field login-fieldset">
            <legend className="login-label">{t('auth.login.language')}</legend>
            <div className="login-segmented">
              {LOCALES.map((value) => (
                <button key={value} type="button" aria-pressed={locale === value} onClick={() => setLocale(value)}>
                  {t(`common.locale.${value}`)}
                </button>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="login-submit" disabled={guarded || login.isPending} onClick={handleClick}>
            {t('auth.login.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}
