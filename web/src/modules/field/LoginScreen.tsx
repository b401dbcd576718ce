import type { FieldDay, LoginResponse } from '@tidyhouse/contract';
import { Button, Input } from 'antd-mobile';
import { type FormEvent, useEffect, useState } from 'react';
import { saveSession, saveToken } from '@/lib/auth';
import { callApi, FieldApiError, takeSessionEndMessage } from './api';
import { useFieldT } from './i18n';
import { LanguageChoice } from './LanguageChoice';
import { rememberUser } from './session';

/** Sign in with the back office's `/login` (any role; the server decides what the session reaches). */
export function LoginScreen() {
  const { t } = useFieldT();
  const [uname, setUname] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(() => takeSessionEndMessage());

  // `/field?tk=TOKEN`: the token is the credential; the day itself proves it (a field session reaches /field/* only).
  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get('tk');
    if (!token) return;
    url.searchParams.delete('tk');
    window.history.replaceState(null, '', `${url.pathname}${url.search}`);
    setBusy(true);
    callApi<FieldDay>('/field/myDay', {}, token).then(
      (day) => {
        rememberUser(day.user.id);
        saveToken(token);
      },
      (failure: unknown) => {
        setBusy(false);
        const reason = failure instanceof FieldApiError && failure.message ? failure.message : t('login.failed');
        setError(t('login.linkFailed', { reason }));
      },
    );
  }, [t]);

  const unameMissing = uname.trim() === '';
  const passwordMissing = password === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (unameMissing || passwordMissing) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await callApi<LoginResponse>('/login', { uname: uname.trim(), password }, null);
      rememberUser(answer.userInfo.id);
      saveSession(answer.token, answer.userInfo);
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof FieldApiError && failure.message ? failure.message : t('login.failed'));
    }
  };

  return (
    <main className="field-login">
      <h1>{t('app.name')}</h1>
      <form onSubmit={submit} noValidate>
        <label htmlFor="field-uname">{t('login.uname')}</label>
        <Input id="field-uname" data-testid="login-uname" autoComplete="username" value={uname} onChange={setUname} clearable />
        {submitted && unameMissing ? <p className="field-error">{t('login.unameRequired')}</p> : null}
        <label htmlFor="field-password">{t('login.password')}</label>
        <Input
          id="field-password"
          data-testid="login-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        {submitted && passwordMissing ? <p className="field-error">{t('login.passwordRequired')}</p> : null}
        {error ? (
          <p className="field-error" role="alert" data-testid="login-error">
            {error}
          </p>
        ) : null}
        <Button block color="primary" size="large" type="submit" loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </form>
      <LanguageChoice />
    </main>
  );
}
