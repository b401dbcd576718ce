import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, App, Skeleton, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { LoadFailed } from '@/components/LoadFailed';
import { useScreenTitle } from '@/lib/screens';
import { savePdf } from '../../sales/components/quotePdf';
import { fetchSchedulePdf, useStartOfDay } from '../day/api';
import { Checklist, DayToolbar, useOfficeDate } from '../day/DayToolbar';

function StartOfDayBody({ date }: { date: string }) {
  const { t } = useTranslation();
  const day = useStartOfDay(date);
  if (day.isPending) return <Skeleton active paragraph={{ rows: 6 }} data-testid="office-loading" />;
  if (day.isError || !day.data) return <LoadFailed title={t('office.day.loadFailed')} onRetry={() => void day.refetch()} />;
  const data = day.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space size="large">
        <Statistic title={t('office.startOfDay.jobs')} value={data.jobCount} />
        <Statistic title={t('office.startOfDay.teams')} value={data.teamCount} />
      </Space>
      {data.ready ? (
        <Alert type="success" showIcon title={t('office.startOfDay.ready')} data-testid="start-ready" />
      ) : (
        <Alert type="warning" showIcon title={t('office.startOfDay.notReady')} data-testid="start-not-ready" />
      )}
      <Checklist items={data.items} testId="start-checklist" />
    </Space>
  );
}

/** /office/dailyschedule: the start-of-day checklist and the daily schedule PDF the teams take along. */
export default function StartOfDayPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const title = useScreenTitle('/office/dailyschedule');
  const { date, today, go } = useOfficeDate();
  const [printing, setPrinting] = useState(false);
  if (!date) return <Skeleton active paragraph={{ rows: 6 }} data-testid="office-loading" />;
  const download = async () => {
    setPrinting(true);
    try {
      savePdf(await fetchSchedulePdf(date), `${t('office.startOfDay.fileName')} ${date}.pdf`);
    } catch {
      void message.error(t('office.startOfDay.pdfFailed'));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <div data-testid="start-of-day">
      <DayToolbar
        title={title}
        date={date}
        today={today}
        go={go}
        closed={undefined}
        extra={
          <GuardedButton
            type="primary"
            icon={<FilePdfOutlined />}
            loading={printing}
            onClick={() => void download()}
            data-testid="schedule-pdf"
          >
            {t('office.startOfDay.printSchedule')}
          </GuardedButton>
        }
      />
      <StartOfDayBody date={date} />
    </div>
  );
}
