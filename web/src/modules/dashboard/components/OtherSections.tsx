import type { DashboardResponse } from '@tidyhouse/contract';
import { DASHBOARD_SECTION_SCREENS } from '@tidyhouse/contract';
import { Card, Col, Flex, List, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasPermission } from '@/lib/permissions';
import { useFigures } from '../format';
import { DASHBOARD_LINKS } from '../links';
import { OpenTexts } from './OpenTexts';

const Tile = ({ title, children, testId }: { title: string; children: ReactNode; testId: string }) => (
  <Col xs={24} md={12} xl={8}>
    <Card size="small" title={title} style={{ height: '100%' }} data-testid={testId}>
      {children}
    </Card>
  </Col>
);

/** Quotes, card charges, reminders, follow-ups, leave and outages: each only when the answer holds it and the role opens its screen. */
export function OtherSections({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation();
  const figures = useFigures();
  const may = {
    quotes: useHasPermission(DASHBOARD_SECTION_SCREENS.quotes),
    cards: useHasPermission(DASHBOARD_SECTION_SCREENS.cards),
    reminders: useHasPermission(DASHBOARD_SECTION_SCREENS.reminders),
    followUps: useHasPermission(DASHBOARD_SECTION_SCREENS.followUps),
    leave: useHasPermission(DASHBOARD_SECTION_SCREENS.leave),
    outages: useHasPermission(DASHBOARD_SECTION_SCREENS.outages),
  };
  const { quotes, cards, reminders, followUps, leave, outages } = data;
  return (
    <Row gutter={[16, 16]}>
      {quotes && may.quotes ? (
        <Tile title={t('dashboard.quotes.title')} testId="dashboard-quotes">
          <Flex gap={24} wrap>
            <Link to={DASHBOARD_LINKS.quotes(data.dateFrom, data.dateTo)} data-testid="dash-quotes-total">
              <Statistic title={t('dashboard.quotes.total')} value={quotes.total} />
            </Link>
            <Link to={DASHBOARD_LINKS.quotes(data.dateFrom, data.dateTo, 'sold')}>
              <Statistic title={t('dashboard.quotes.sold')} value={quotes.sold} />
            </Link>
            <Link to={DASHBOARD_LINKS.quotes(data.dateFrom, data.dateTo, 'pending')}>
              <Statistic title={t('dashboard.quotes.pending')} value={quotes.pending} />
            </Link>
            <Link to={DASHBOARD_LINKS.quotes(data.dateFrom, data.dateTo)}>
              <Statistic title={t('dashboard.quotes.conversion')} value={figures.percent(quotes.conversionBps)} />
            </Link>
          </Flex>
        </Tile>
      ) : null}
      {cards && may.cards ? (
        <Tile title={t('dashboard.cards.title')} testId="dashboard-cards">
          <Link to={DASHBOARD_LINKS.cards}>
            <Flex gap={24} wrap>
              <Statistic
                title={t('dashboard.cards.pending')}
                value={cards.pending}
                suffix={<small>{figures.money(cards.pendingCents)}</small>}
              />
              <Statistic
                title={t('dashboard.cards.failed')}
                value={cards.failed}
                valueStyle={cards.failed > 0 ? { color: '#cf1322' } : undefined}
                suffix={<small>{figures.money(cards.failedCents)}</small>}
              />
            </Flex>
          </Link>
        </Tile>
      ) : null}
      {reminders && may.reminders ? (
        <Tile title={t('dashboard.reminders.title')} testId="dashboard-reminders">
          <Link to={DASHBOARD_LINKS.jobReminders}>
            <Statistic title={t('dashboard.reminders.due')} value={reminders.due} />
          </Link>
        </Tile>
      ) : null}
      {followUps && may.followUps ? (
        <Tile title={t('dashboard.followUps.title')} testId="dashboard-follow-ups">
          <Link to={DASHBOARD_LINKS.followUps}>
            <Statistic title={t('dashboard.followUps.due')} value={followUps.due} />
          </Link>
          <OpenTexts count={followUps.texts} texts={followUps.openTexts} />
        </Tile>
      ) : null}
      {leave && may.leave ? (
        <Tile title={t('dashboard.leave.title')} testId="dashboard-leave">
          <Link to={DASHBOARD_LINKS.leave(data.today)}>
            <Statistic value={leave.total} />
          </Link>
          {leave.people.length === 0 ? (
            <Typography.Text type="secondary">{t('dashboard.leave.none')}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={leave.people}
              renderItem={(p) => (
                <List.Item>
                  {p.name}
                  <Typography.Text type="secondary">
                    {p.allDay ? t('dashboard.leave.allDay') : [p.startTime, p.endTime].filter(Boolean).join('–')}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
          {leave.total > leave.people.length ? (
            <Typography.Text type="secondary">
              {t('dashboard.leave.more', { count: leave.total - leave.people.length })}
            </Typography.Text>
          ) : null}
        </Tile>
      ) : null}
      {outages && may.outages ? (
        <Tile title={t('dashboard.outages.title')} testId="dashboard-outages">
          <Link to={DASHBOARD_LINKS.outages}>
            <Statistic value={outages.teams.length} />
          </Link>
          {outages.teams.length === 0 ? (
            <Typography.Text type="secondary">{t('dashboard.outages.none')}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={outages.teams}
              renderItem={(o) => (
                <List.Item>
                  {o.name}
                  <Typography.Text type="secondary">{o.reason}</Typography.Text>
                </List.Item>
              )}
            />
          )}
        </Tile>
      ) : null}
    </Row>
  );
}
