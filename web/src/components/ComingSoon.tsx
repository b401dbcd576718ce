import { ClockCircleOutlined } from '@ant-design/icons';
import { Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ComingSoonProps {
  /** The screen's title. */
  title: string;
  /** What the screen will hold once it is built, in the user's language. */
  description: string;
}

/** An honest placeholder for a screen a later release builds: it names what the screen will hold. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <div data-testid="coming-soon">
      <Result
        icon={<ClockCircleOutlined />}
        title={
          <>
            {title} <Tag color="processing">{t('common.comingSoon.status')}</Tag>
          </>
        }
        subTitle={t('common.comingSoon.intro')}
      >
        <Typography.Paragraph style={{ maxWidth: 640, margin: '0 auto', fontSize: 15 }}>{description}</Typography.Paragraph>
      </Result>
    </div>
  );
}
