import NodeIndexOutlined from '@ant-design/icons-svg/es/asn/NodeIndexOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardTeam, RouteOrderApplied, RouteOrderSuggestion, RouteStopView } from '@tidyhouse/contract';
import { Alert, App, Button, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedButton } from '@/components/GuardedButton';
import { PlainIcon } from '@/components/PlainIcon';
import { post } from '@/lib/http';
import { useDuration } from '../shared';
import { boardDayKey } from './api';
import { useBoardT } from './boardWords';
import { timeText } from './layout';

const ROUTE_PATHS = { suggest: '/jhSchedule/suggestOrder', apply: '/jhSchedule/applyOrder' } as const;

type Team = Pick<BoardTeam, 'id' | 'name'>;

/** The "Suggest an order" action of a team row; its dialog exists only while open. */
export function SuggestOrderButton({ team, date }: { team: Team; date: string }) {
  const t = useBoardT();
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* An icon in the label's corner: the row keeps its height (64 px), so 30 teams still fit as before. */}
      {/* A native button: an antd Button in each of 30 rows cost a tenth of the board's first render. */}
      <button
        type="button"
        className="board-route-action"
        aria-label={t('service.board.route.suggest')}
        title={t('service.board.route.suggest')}
        data-testid={`suggest-order-${team.id}`}
        onClick={() => setOpen(true)}
      >
        <PlainIcon icon={NodeIndexOutlined} />
      </button>
      {open ? <RouteOrderDialog date={date} team={team} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function Stops({ title, stops, testId }: { title: string; stops: RouteStopView[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="board-route-column">
      <Typography.Text strong>{title}</Typography.Text>
      <ol data-testid={testId}>
        {stops.map((s) => (
          <li key={s.id} data-job-id={s.id}>
            <Typography.Text>
              {timeText(s.startMinutes)}–{timeText(s.startMinutes + s.durationMinutes)} {s.reference}
            </Typography.Text>{' '}
            <Typography.Text type="secondary">
              {s.customerName}
              {' · '}
              {s.driveMinutes === null
                ? t('service.board.route.noDrive')
                : t('service.board.route.drive', { minutes: s.driveMinutes })}
              {s.windowStartMinutes !== null || s.windowEndMinutes !== null
                ? ` · ${t('service.board.route.window', {
                    from: s.windowStartMinutes === null ? '' : timeText(s.windowStartMinutes),
                    to: s.windowEndMinutes === null ? '' : timeText(s.windowEndMinutes),
                  })}`
                : null}
            </Typography.Text>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Current against suggested order, the drive of each and the saving; Apply puts the suggestion on the board. */
function RouteOrderDialog({ date, team, onClose }: { date: string; team: Team; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const duration = useDuration();
  const client = useQueryClient();
  const suggestion = useQuery({
    queryKey: ['jhSchedule', 'suggestOrder', team.id, date],
    queryFn: () => post<RouteOrderSuggestion>(ROUTE_PATHS.suggest, { teamId: team.id, date }),
    gcTime: 0,
    retry: false,
  });
  const apply = useMutation({
    mutationFn: (s: RouteOrderSuggestion) =>
      post<RouteOrderApplied>(ROUTE_PATHS.apply, {
        teamId: s.teamId,
        date: s.date,
        jobs: s.suggested.map((j) => ({ id: j.id, version: j.version })),
      }),
    onSuccess: (applied) => {
      void message.success(t('service.board.route.applied', { team: team.name, saving: duration(applied.savingMinutes) }));
      onClose();
    },
    // Refused (a job changed, or a conflict): its message is shown; the dialog shows the day as it is now.
    onError: () => void suggestion.refetch(),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: boardDayKey(date) });
      void client.invalidateQueries({ queryKey: ['jhSchedule', 'week'] });
    },
  });
  const s = suggestion.data;
  return (
    <Modal
      open
      width={820}
      title={t('service.board.route.title', { team: team.name, date })}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('service.board.route.close')}
        </Button>,
        <GuardedButton
          key="apply"
          type="primary"
          data-testid="route-apply"
          disabled={!s?.changed}
          loading={apply.isPending}
          onClick={() => s && apply.mutate(s)}
        >
          {t('service.board.route.apply')}
        </GuardedButton>,
      ]}
    >
      {suggestion.isPending ? <Skeleton active /> : null}
      {suggestion.isError ? <Alert type="error" showIcon title={t('service.board.route.failed')} /> : null}
      {s ? (
        <div data-testid="route-order">
          <Typography.Paragraph type="secondary">{t('service.board.route.rule')}</Typography.Paragraph>
          <div className="board-route-columns">
            <Stops title={t('service.board.route.current')} stops={s.current} testId="route-current" />
            <Stops title={t('service.board.route.suggested')} stops={s.suggested} testId="route-suggested" />
          </div>
          {s.changed ? (
            <Alert
              type="success"
              showIcon
              data-testid="route-saving"
              title={t('service.board.route.saving', {
                current: duration(s.currentDriveMinutes),
                suggested: duration(s.suggestedDriveMinutes),
                saving: duration(s.savingMinutes),
              })}
            />
          ) : (
            <Alert
              type="info"
              showIcon
              data-testid="route-saving"
              title={t('service.board.route.noBetter', { current: duration(s.currentDriveMinutes) })}
            />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
