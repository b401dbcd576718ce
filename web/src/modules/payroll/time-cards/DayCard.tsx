import { DeleteOutlined, EditOutlined, EnvironmentOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { type AttendanceDay, type AttendanceResponse, checkFormNumber, NUMBER_RANGES, type PunchView } from '@tidyhouse/contract';
import { Alert, Button, Card, Flex, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RangeMessage } from '@/components/formRules';
import { useMomentFormat } from '@/lib/dateTime';
import { useLocale } from '@/lib/i18n';
import { showSuccess } from '@/lib/notify';
import { mapsLink } from '@/modules/field/dayLogic';
import { TIME_CARD_PATHS, useTimeCardWrite } from './api';
import { FieldConflicts } from './FieldConflicts';
import { flagText, hoursText } from './format';
import { PunchModal } from './PunchModal';
import { ReasonModal } from './ReasonModal';

export interface DayCardProps {
  day: AttendanceDay;
  title: string;
  employeeName: string;
  laborTypes: AttendanceResponse['laborTypes'];
  /** The approval of the employee's pay period holding the day, when it is approved. */
  approval?: AttendanceResponse['approvals'][number];
}

/** Why a locked card cannot be changed: who approved its period and when, or the closed office day. */
function LockNotice({ day, approval }: { day: AttendanceDay; approval?: DayCardProps['approval'] }) {
  const { t } = useTranslation();
  const moment = useMomentFormat();
  if (day.periodApproved && approval) {
    const locked = t('payroll.timeCard.lockedByApproval', { start: approval.periodStart, end: approval.periodEnd });
    return (
      <Alert
        type="info"
        showIcon
        data-testid="card-locked"
        style={{ marginBottom: 8 }}
        title={
          approval.approvedByName
            ? t('payroll.timeCard.approvedBy', { name: approval.approvedByName, at: moment(approval.approvedAt) })
            : locked
        }
        description={approval.approvedByName ? locked : undefined}
      />
    );
  }
  if (day.dayClosed) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="card-locked"
        style={{ marginBottom: 8 }}
        title={t('payroll.timeCard.lockedByClosedDay', { date: day.workDate })}
      />
    );
  }
  return null;
}

/** A punch the employee made in the field app (issue 21): marked, with where the phone was when it knew. */
function FieldSource({ punch }: { punch: PunchView }) {
  const { t } = useTranslation();
  if (punch.source !== 'field') return null;
  const place = (key: 'location' | 'endLocation', at: PunchView['location']) =>
    at && (
      <Typography.Link
        href={mapsLink(`${at.lat},${at.lng}`)}
        target="_blank"
        rel="noreferrer"
        title={t('payroll.timeCard.locationTitle', { meters: Math.round(at.accuracyM) })}
        data-testid={`punch-${key}`}
        style={{ marginInlineEnd: 8 }}
      >
        <EnvironmentOutlined /> {t(`payroll.timeCard.${key}`)}
      </Typography.Link>
    );
  return (
    <>
      <Tag color="cyan" title={t('payroll.timeCard.fromFieldTitle')} data-testid="punch-source-field">
        {t('payroll.timeCard.fromField')}
      </Tag>
      {place('location', punch.location)}
      {place('endLocation', punch.endLocation)}
    </>
  );
}

/** Totals of a day or a week as short labelled figures. */
export function TotalsLine({
  totals,
  laborTypes,
}: {
  totals: AttendanceDay['totals'];
  laborTypes: AttendanceResponse['laborTypes'];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const labor = totals.labor.map((l) => {
    const type = laborTypes.find((x) => x.id === l.laborTypeId);
    return `${type ? (locale === 'zh' ? type.nameZh : type.nameEn) : l.laborTypeId} ${hoursText(l.minutes)}`;
  });
  return (
    <Space wrap size="middle" data-testid="totals">
      <span>
        {t('payroll.timeCard.totals.worked')}: <b data-testid="worked">{hoursText(totals.worked)}</b>
      </span>
      <span>
        {t('payroll.timeCard.totals.job')}: {hoursText(totals.job)}
      </span>
      <span>
        {t('payroll.timeCard.totals.drive')}: {hoursText(totals.drive)}
        {totals.driveEstimated > 0 && ` (${t('payroll.timeCard.totals.estimated', { hours: hoursText(totals.driveEstimated) })})`}
      </span>
      <span>
        {t('payroll.timeCard.totals.meal')}: {hoursText(totals.meal)}
      </span>
      {labor.length > 0 && (
        <span>
          {t('payroll.timeCard.totals.labor')}: {labor.join(', ')}
        </span>
      )}
    </Space>
  );
}

/** One employee's card for one day: punches to add, correct and remove, flags, totals, rest breaks. */
export function DayCard({ day, title, employeeName, laborTypes, approval }: DayCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [editing, setEditing] = useState<PunchView | 'new' | null>(null);
  const [removing, setRemoving] = useState<PunchView | null>(null);
  const [rest, setRest] = useState<{ missed: number; note: string } | null>(null);
  const remove = useTimeCardWrite<unknown>(TIME_CARD_PATHS.removePunch);
  const updateDay = useTimeCardWrite<unknown>(TIME_CARD_PATHS.updateDay);
  const locked = day.periodApproved || day.dayClosed;
  // Refused with a message on save rather than clamped by the number input (issue 23).
  const restRefused = rest !== null && checkFormNumber(rest.missed, NUMBER_RANGES.missedRestBreaks).kind !== 'ok';
  const [showRestError, setShowRestError] = useState(false);
  const laborName = (id: number | null) => {
    const type = laborTypes.find((l) => l.id === id);
    return type ? (locale === 'zh' ? type.nameZh : type.nameEn) : '';
  };

  type Row = { key: string; start: number; punch?: PunchView; estimate?: AttendanceDay['estimatedDrives'][number] };
  const rows: Row[] = [
    ...day.punches.map((p) => ({ key: `p${p.id}`, punch: p, start: p.start })),
    ...day.estimatedDrives.map((d, i) => ({ key: `e${i}`, estimate: d, start: d.start })),
  ].sort((a, b) => a.start - b.start);

  return (
    <Card
      size="small"
      title={title}
      data-testid={`day-card-${day.userId}-${day.workDate}`}
      extra={
        <Space>
          {day.periodApproved && <Tag color="green">{t('payroll.timeCard.approved')}</Tag>}
          {day.dayClosed && <Tag>{t('payroll.timeCard.dayClosed')}</Tag>}
          {!locked && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('payroll.timeCard.punch.add')}
            </Button>
          )}
        </Space>
      }
    >
      <LockNotice day={day} approval={approval} />
      {day.flags.length > 0 && (
        <Flex vertical gap={4} style={{ marginBottom: 8 }} data-testid="day-flags">
          {day.flags.map((flag) => (
            <Typography.Text key={`${flag.code}-${JSON.stringify(flag.params)}`} type="warning">
              <WarningOutlined /> {flagText(t, flag)}
            </Typography.Text>
          ))}
        </Flex>
      )}
      <FieldConflicts day={day} employeeName={employeeName} />
      <Table<Row>
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('payroll.timeCard.noPunches') }}
        columns={[
          {
            title: t('payroll.timeCard.columns.kind'),
            key: 'kind',
            render: (_, row) =>
              row.punch ? (
                <>
                  {t(`payroll.timeCard.kinds.${row.punch.kind}`)} {row.punch.jobReference && <Tag>{row.punch.jobReference}</Tag>}
                  {row.punch.laborTypeId !== null && <Tag>{laborName(row.punch.laborTypeId)}</Tag>}
                  <FieldSource punch={row.punch} />
                </>
              ) : (
                <Typography.Text type="secondary">{t('payroll.timeCard.estimatedDrive')}</Typography.Text>
              ),
          },
          {
            title: t('payroll.timeCard.columns.start'),
            key: 'start',
            render: (_, row) => (row.punch ? row.punch.startTime : row.estimate?.startTime),
          },
          {
            title: t('payroll.timeCard.columns.end'),
            key: 'end',
            render: (_, row) =>
              row.punch
                ? row.punch.endTime === null
                  ? t('payroll.timeCard.open')
                  : `${row.punch.endTime}${row.punch.endsNextDay ? ` (${t('payroll.timeCard.nextDay')})` : ''}`
                : row.estimate?.endTime,
          },
          {
            title: t('payroll.timeCard.columns.note'),
            key: 'note',
            render: (_, row) => row.punch?.note,
          },
          {
            title: t('payroll.timeCard.columns.actions'),
            key: 'actions',
            width: 96,
            render: (_, row) =>
              row.punch && !locked ? (
                <Space size={0}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('payroll.timeCard.punch.edit')}
                    onClick={() => setEditing(row.punch!)}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('payroll.timeCard.punch.remove')}
                    onClick={() => setRemoving(row.punch!)}
                  />
                </Space>
              ) : null,
          },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
        <TotalsLine totals={day.totals} laborTypes={laborTypes} />
        {rest ? (
          <Space wrap>
            <span>{t('payroll.timeCard.missedRest')}</span>
            <InputNumber
              status={showRestError && restRefused ? 'error' : undefined}
              value={rest.missed}
              aria-label={t('payroll.timeCard.missedRest')}
              onChange={(v) => setRest({ ...rest, missed: v ?? 0 })}
            />
            <Input
              value={rest.note}
              maxLength={500}
              placeholder={t('payroll.timeCard.dayNote')}
              aria-label={t('payroll.timeCard.dayNote')}
              onChange={(e) => setRest({ ...rest, note: e.target.value })}
            />
            <Button
              type="primary"
              loading={updateDay.isPending}
              onClick={() => {
                setShowRestError(restRefused);
                if (restRefused) return;
                updateDay
                  .mutateAsync({ userId: day.userId, workDate: day.workDate, missedRestBreaks: rest.missed, note: rest.note })
                  .then(
                    () => {
                      showSuccess(t('common.form.saved'));
                      setRest(null);
                    },
                    () => undefined,
                  );
              }}
            >
              {t('common.actions.save')}
            </Button>
            <Button onClick={() => setRest(null)}>{t('common.actions.cancel')}</Button>
            {showRestError && restRefused && (
              <Typography.Text type="danger" data-testid="missed-rest-error">
                <RangeMessage range={NUMBER_RANGES.missedRestBreaks} labelKey="payroll.timeCard.missedRest" />
              </Typography.Text>
            )}
          </Space>
        ) : (
          <Space>
            <Typography.Text type="secondary">
              {t('payroll.timeCard.missedRestCount', { count: day.missedRestBreaks })}
              {day.note && ` · ${day.note}`}
            </Typography.Text>
            {!locked && (
              <Button size="small" onClick={() => setRest({ missed: day.missedRestBreaks, note: day.note })}>
                {t('payroll.timeCard.editDay')}
              </Button>
            )}
          </Space>
        )}
      </Flex>
      {editing && (
        <PunchModal
          day={day}
          employeeName={employeeName}
          laborTypes={laborTypes}
          punch={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <ReasonModal
          title={t('payroll.timeCard.punch.removeTitle', {
            kind: t(`payroll.timeCard.kinds.${removing.kind}`),
            start: removing.startTime,
            name: employeeName,
          })}
          okText={t('payroll.timeCard.punch.remove')}
          saving={remove.isPending}
          onClose={() => setRemoving(null)}
          onSubmit={(reason) =>
            remove.mutateAsync({ id: removing.id, version: removing.version, reason }).then(
              () => {
                showSuccess(t('payroll.timeCard.punch.removed'));
                setRemoving(null);
              },
              () => undefined,
            )
          }
        />
      )}
    </Card>
  );
}
