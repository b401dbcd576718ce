import { Button, Dialog, Popup } from 'antd-mobile';
import { useState } from 'react';
import { getUserInfo } from '@/lib/auth';
import { useField } from './FieldContext';
import { useFieldT } from './i18n';
import { LanguageChoice } from './LanguageChoice';
import { signOut } from './session';
import { cachedDay } from './useDay';

/** Language and sign-out; signing out with actions still waiting asks first. */
export default function SettingsSheet({ onClose }: { onClose: () => void }) {
  const { t } = useFieldT();
  const { snapshot } = useField();
  const [confirming, setConfirming] = useState(false);
  const name = getUserInfo()?.name ?? cachedDay('today')?.user.name ?? '';
  const leave = () => {
    onClose();
    void signOut();
  };
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="field-sheet" position="bottom">
      <h2>{t('app.settings')}</h2>
      {name ? <p>{t('settings.signedInAs', { name })}</p> : null}
      <LanguageChoice />
      <Button
        block
        size="large"
        color="danger"
        fill="outline"
        data-testid="sign-out"
        onClick={() => (snapshot.pending > 0 ? setConfirming(true) : leave())}
      >
        {t('settings.signOut')}
      </Button>
      <Button block size="large" onClick={onClose} data-testid="settings-close">
        {t('settings.close')}
      </Button>
      <Dialog
        visible={confirming}
        content={t('settings.signOutPending', { count: snapshot.pending })}
        actions={[
          [
            { key: 'cancel', text: t('settings.cancel'), onClick: () => setConfirming(false) },
            { key: 'out', text: t('settings.signOut'), danger: true, onClick: leave },
          ],
        ]}
      />
    </Popup>
  );
}
