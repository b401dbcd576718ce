import { JOB_CANCEL_REASON_TITLES, type JobDetail } from '@tidyhouse/contract';
import { Card, Descriptions, Empty, Flex, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/LoadFailed';
import { useLocale } from '@/lib/i18n';
import { JobMessages } from '@/modules/messaging/log/JobMessages';
import { ChangeLog } from '../ChangeLog';
import { useJobLengthText } from '../jobLength';
import { ColorTag, useDuration, useMoney } from '../shared';
import { useJobDetail } from './api';
import { ImagesTab } from './ImagesTab';
import { JobActions } from './JobActions';
import { JobFieldsTab } from './JobFieldsTab';
import { JobInvoices } from './JobInvoices';
import { jobDetailPath } from './JobListPage';
import { JobStatusTag } from './JobStatusTag';
import { PaymentsTab } from './PaymentsTab';
import { PricingTab } from './PricingTab';
import { RemindersTab } from './RemindersTab';

/** /service/workdeatil?id=: one job with its tabs and the actions its status allows. */
export default function JobDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <Card>
        <Empty description={t('service.common.noId')}>
          <Link to="/service/worklist">{t('service.common.toJobList')}</Link>
        </Empty>
      </Card>
    );
  }
  return <JobDetailView key={id} id={id} />;
}

function JobDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useJobDetail(id);
  if (detail.isError) {
    return <LoadFailed title={t('service.job.loadFailed')} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) return <Card loading />;
  const data = detail.data;
  const { job } = data;
  return (
    <Flex vertical gap={16}>
      <JobHeader detail={data} />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            // Keyed by version: after any change (an action, the lines) the form shows the job as saved.
            { key: 'job', label: t('service.job.tabs.job'), children: <JobFieldsTab key={job.version} detail={data} /> },
            {
              key: 'pricing',
              label: t('service.job.tabs.pricing', { count: data.lines.length }),
              children: <PricingTab key={job.version} detail={data} />,
            },
            {
              key: 'payments',
              label: t('service.job.tabs.payments', { count: data.payments.length }),
              children: <PaymentsTab detail={data} />,
            },
            {
              key: 'images',
              label: t('service.job.tabs.images', { count: data.images.length }),
              children: <ImagesTab detail={data} />,
            },
            {
              key: 'reminders',
              label: t('service.job.tabs.reminders', { count: data.reminders.filter((r) => !r.done).length }),
              children: <RemindersTab detail={data} />,
            },
            { key: 'messages', label: t('common.messageLog.title'), children: <JobMessages messages={data.messages} /> },
            { key: 'log', label: t('service.changeLog.title'), children: <ChangeLog entries={data.changes} /> },
          ]}
        />
      </Card>
    </Flex>
  );
}

function JobHeader({ detail }: { detail: JobDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const duration = useDuration();
  const lengthText = useJobLengthText();
  const locale = useLocale();
  const { job } = detail;
  const address = [job.location.address1, job.location.address2, job.location.city, job.location.state, job.location.zip]
    .filter(Boolean)
    .join(', ');
  return (
    <Card>
      <Flex justify="space-between" wrap gap={16}>
        <Flex vertical gap={8}>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="job-reference">
              {job.reference}
            </Typography.Title>
            <JobStatusTag status={job.status} />
            <Tag>{t(`service.enums.frequency.${job.frequency}`)}</Tag>
            {job.movedByHand ? <Tag color="orange">{t('service.job.movedByHand')}</Tag> : null}
            {job.editedByHand ? <Tag color="orange">{t('service.job.editedByHand')}</Tag> : null}
          </Space>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'customer',
                label: t('service.jobs.customer'),
                children: (
                  <Link to={`/customer/customerdetail?id=${job.customer.id}`}>
                    {job.customer.name} {job.customer.phone}
                  </Link>
                ),
              },
              { key: 'location', label: t('service.job.location'), children: `${job.location.name} · ${address}` },
              { key: 'zone', label: t('service.jobs.zone'), children: <ColorTag value={job.zone} /> },
              {
                key: 'when',
                label: t('service.jobs.serviceDate'),
                children: job.serviceDate ? `${job.serviceDate} ${job.startTime ?? ''}` : t('service.jobs.noDate'),
              },
              { key: 'team', label: t('service.jobs.team'), children: <ColorTag value={job.team} /> },
              {
                key: 'duration',
                label: t('service.length.column'),
                children: <span data-testid="job-length">{lengthText(job.length)}</span>,
              },
              { key: 'quoted', label: t('service.jobs.quotedMinutes'), children: duration(job.quotedMinutes) },
              {
                key: 'actual',
                label: t('service.jobs.actualMinutes'),
                children: (
                  <span data-testid="job-actual-minutes">{job.actualMinutes === null ? '—' : duration(job.actualMinutes)}</span>
                ),
              },
              { key: 'total', label: t('service.costing.invoiceTotal'), children: money(job.costing.invoiceTotalCents) },
              ...(detail.invoices.length > 0
                ? [{ key: 'invoice', label: t('billing.invoices.number'), children: <JobInvoices invoices={detail.invoices} /> }]
                : []),
              ...(job.status === 'cancelled'
                ? [
                    {
                      key: 'cancel',
                      label: t('service.job.cancelReason'),
                      children: (
                        <span data-testid="job-cancel">
                          {job.cancelReason ? JOB_CANCEL_REASON_TITLES[job.cancelReason][locale] : ''}
                          {job.cancelNote ? ` · ${job.cancelNote}` : ''}
                          {job.cancelFeeCents > 0 ? ` · ${t('service.job.cancelFee')} ${money(job.cancelFeeCents)}` : ''}
                        </span>
                      ),
                    },
                  ]
                : []),
              ...(job.uncompletedReason
                ? [{ key: 'uncompleted', label: t('service.job.uncompletedReason'), children: job.uncompletedReason }]
                : []),
              ...(job.recleanOf
                ? [
                    {
                      key: 'recleanOf',
                      label: t('service.job.recleanOf'),
                      children: <Link to={jobDetailPath(job.recleanOf.id)}>{job.recleanOf.reference}</Link>,
                    },
                  ]
                : []),
              ...(job.recleans.length > 0
                ? [
                    {
                      key: 'recleans',
                      label: t('service.job.recleans'),
                      children: (
                        <Space data-testid="job-recleans">
                          {job.recleans.map((r) => (
                            <Link key={r.id} to={jobDetailPath(r.id)}>
                              {r.reference}
                            </Link>
                          ))}
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Flex>
        <JobActions detail={detail} />
      </Flex>
    </Card>
  );
}
