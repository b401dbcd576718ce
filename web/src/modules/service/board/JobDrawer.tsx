import type { BoardDay, BoardMoveResult, JobDetail, JobImage } from '@tidyhouse/contract';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Form,
  Image,
  Select,
  Skeleton,
  TimePicker,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { required } from '@/components/formRules';
import { LoadFailed } from '@/components/LoadFailed';
import { showSuccess } from '@/lib/notify';
import { jobDetailPath, useJobDetail } from '../jobs/api';
import { useImageUrl } from '../jobs/ImagesTab';
import { JobActions } from '../jobs/JobActions';
import { JobStatusTag } from '../jobs/JobStatusTag';
import { ColorTag, fromIsoDate, fromTimeText, toIsoDate, toTimeText, useMoney } from '../shared';
import type { BoardChange } from './api';
import { OnTheWayButton } from './OnTheWayButton';

/** A move asked from the drawer: the board's own move (optimistic, audited, heard by the other boards). */
export type DrawerMove = (change: Extract<BoardChange, { kind: 'move' }>) => Promise<BoardMoveResult>;

interface Props {
  jobId: number;
  day: BoardDay;
  onMove: DrawerMove;
  onClose: () => void;
}

/**
 * The job drawer of the schedule board (issue 20): what a scheduler needs about a job without leaving
 * the board, and its actions. Reschedule and reassign are the board's move; the status actions are the
 * Job Detail's own (JobActions), whose writes re-draw the board (useJobChanged).
 */
export default function JobDrawer({ jobId, day, onMove, onClose }: Props) {
  const { t } = useTranslation();
  const detail = useJobDetail(jobId);
  const job = detail.data?.job;
  return (
    <Drawer
      open
      onClose={onClose}
      size={480}
      destroyOnHidden
      title={job ? `${job.reference} · ${job.customer.name}` : null}
      extra={<Link to={jobDetailPath(jobId)}>{t('service.board.drawer.openFull')}</Link>}
      data-testid="job-drawer"
    >
      {detail.isError ? (
        <LoadFailed title={t('service.job.loadFailed')} onRetry={() => void detail.refetch()} />
      ) : detail.data ? (
        <DrawerBody detail={detail.data} day={day} onMove={onMove} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} data-testid="job-drawer-loading" />
      )}
    </Drawer>
  );
}

function DrawerBody({ detail, day, onMove }: { detail: JobDetail; day: BoardDay; onMove: DrawerMove }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { job } = detail;
  const address = [job.location.address1, job.location.address2, job.location.city, job.location.state, job.location.zip]
    .filter(Boolean)
    .join(', ');
  const arrival =
    job.windowStart || job.windowEnd ? `${job.windowStart ?? ''}–${job.windowEnd ?? ''}` : t('service.board.drawer.anyTime');
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={1}
        data-testid="job-drawer-facts"
        items={[
          { key: 'status', label: t('service.jobs.status'), children: <JobStatusTag status={job.status} /> },
          {
            key: 'customer',
            label: t('service.jobs.customer'),
            children: <Link to={`/customer/customerdetail?id=${job.customer.id}`}>{job.customer.name}</Link>,
          },
          {
            key: 'contact',
            label: t('service.board.drawer.contact'),
            children: job.customer.phone ? (
              <a href={`tel:${job.customer.phone}`}>{job.customer.phone}</a>
            ) : (
              t('service.board.drawer.noPhone')
            ),
          },
          { key: 'address', label: t('service.board.drawer.address'), children: address },
          { key: 'team', label: t('service.jobs.team'), children: <ColorTag value={job.team} /> },
          {
            key: 'when',
            label: t('service.board.drawer.when'),
            children: (
              <span data-testid="job-drawer-when">
                {job.serviceDate ? `${job.serviceDate} ${job.startTime ?? ''}`.trim() : t('service.jobs.noDate')}
              </span>
            ),
          },
          { key: 'window', label: t('service.board.drawer.window'), children: arrival },
          { key: 'price', label: t('service.board.drawer.price'), children: money(job.costing.invoiceTotalCents) },
          {
            key: 'notes',
            label: t('service.board.drawer.notes'),
            children: job.notes ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{job.notes}</Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">{t('service.board.drawer.noNotes')}</Typography.Text>
            ),
          },
        ]}
      />
      <JobConflicts day={day} jobId={job.id} />
      <Photos images={detail.images} />
      {job.status === 'unscheduled' || job.status === 'scheduled' ? (
        <MoveForm key={job.version} detail={detail} day={day} onMove={onMove} />
      ) : null}
      <Flex vertical gap={8}>
        <Typography.Text strong>{t('service.board.drawer.actions')}</Typography.Text>
        {/* Scheduling is the move above: the board's way, with its checks and live updates. */}
        <JobActions detail={detail} except={['scheduled']} />
        <OnTheWayButton job={job} />
      </Flex>
    </Flex>
  );
}

/** The day's schedule conflicts this job is in (the board answer's, the one check's sentences). */
function JobConflicts({ day, jobId }: { day: BoardDay; jobId: number }) {
  const { t } = useTranslation();
  const mine = (day.conflicts ?? []).filter((c) => c.jobIds.includes(jobId));
  if (mine.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="job-drawer-conflicts"
      title={t('service.board.drawer.conflicts')}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {mine.map((c) => (
            <li key={c.key}>{c.message}</li>
          ))}
        </ul>
      }
    />
  );
}

function Photos({ images }: { images: JobImage[] }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid="job-drawer-photos">
      <Typography.Text strong>{t('service.board.drawer.photos')}</Typography.Text>
      {images.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('service.images.none')} />
      ) : (
        <Image.PreviewGroup>
          <Flex gap={8} wrap>
            {images.map((image) => (
              <Thumbnail key={image.id} image={image} />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
    </Flex>
  );
}

function Thumbnail({ image }: { image: JobImage }) {
  const { t } = useTranslation();
  const url = useImageUrl(image.id);
  const alt = `${t(`service.images.kinds.${image.kind}`)}: ${image.name}`;
  return url ? (
    <Image src={url} alt={alt} width={96} height={72} style={{ objectFit: 'cover' }} />
  ) : (
    <Skeleton.Image active style={{ width: 96, height: 72 }} />
  );
}

interface MoveValues {
  teamId?: number;
  date?: ReturnType<typeof fromIsoDate>;
  startTime?: ReturnType<typeof fromTimeText>;
}

/** Reschedule (date, start) and reassign (team) in one: the board's move of the job. */
function MoveForm({ detail, day, onMove }: { detail: JobDetail; day: BoardDay; onMove: DrawerMove }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MoveValues>();
  const [saving, setSaving] = useState(false);
  const { job } = detail;
  // The board may hold a newer version than the drawer's read (a drag since): the larger is the newer.
  const onBoard = [...day.jobs, ...day.unassigned].find((j) => j.id === job.id);
  const version = Math.max(job.version, onBoard?.version ?? 0);
  const submit = async (values: MoveValues) => {
    const date = toIsoDate(values.date) ?? day.date;
    const startTime = toTimeText(values.startTime) ?? '';
    setSaving(true);
    const result = await onMove({ kind: 'move', id: job.id, version, teamId: values.teamId ?? 0, date, startTime }).finally(() =>
      setSaving(false),
    );
    showSuccess(t('service.board.drawer.moved', { reference: job.reference, date: result.serviceDate ?? date, time: startTime }));
  };
  return (
    <Form<MoveValues>
      form={form}
      name="board-drawer-move"
      layout="vertical"
      data-testid="job-drawer-move"
      initialValues={{
        teamId: job.team?.id ?? job.preferredTeam?.id ?? undefined,
        date: fromIsoDate(job.serviceDate ?? day.date),
        startTime: fromTimeText(job.startTime ?? job.windowStart),
      }}
      onFinish={(values) => submit(values).catch(() => undefined)}
    >
      <Typography.Text strong>{t('service.board.drawer.reschedule')}</Typography.Text>
      <Form.Item name="teamId" label={t('service.jobs.team')} rules={[required('validation.teamRequired')]}>
        <Select data-testid="job-drawer-team" options={day.teams.map((team) => ({ value: team.id, label: team.name }))} />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item
          name="date"
          label={t('service.job.serviceDate')}
          rules={[required('validation.dateFormat')]}
          style={{ flex: 1 }}
        >
          <DatePicker allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="startTime"
          label={t('service.job.startTime')}
          rules={[required('validation.timeFormat')]}
          style={{ flex: 1 }}
        >
          <TimePicker format="HH:mm" minuteStep={15} needConfirm={false} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="job-drawer-submit">
        {t(job.status === 'scheduled' ? 'service.board.drawer.move' : 'service.board.drawer.place')}
      </Button>
    </Form>
  );
}
