import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  MailOutlined,
  PrinterOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { QUOTE_TRANSITIONS, type QuoteStatus } from '@tidyhouse/contract';
import { Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GuardedButton } from '@/components/GuardedButton';
import { useHasPermission } from '@/lib/permissions';
import type { QuoteRef } from './useQuoteStatus';

export interface QuoteActionsProps {
  quote: QuoteRef & { status: QuoteStatus };
  onView?: () => void;
  status: {
    markSold: (quote: QuoteRef) => void;
    markNotSold: (quote: QuoteRef) => void;
    reopen: (quote: QuoteRef) => void;
  };
  size?: 'small' | 'middle';
  /** The customer's copy: download or print the PDF, send it by e-mail. */
  documents?: { download: () => void; print: () => void; send: () => void };
  /**
   * Icons named by their tooltip and accessible name instead of words: a list row keeps every column
   * on screen at 1600 px (issue 8 item 11). The drawer shows the words.
   */
  compact?: boolean;
}

interface Action {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
  /** Shown as an icon even beside words (the documents). */
  iconOnly?: boolean;
}

/** The actions a quote allows in its status (QUOTE_TRANSITIONS) and the user's role allows. */
export function QuoteActions({ quote, onView, status, size = 'small', documents, compact = false }: QuoteActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useHasPermission('/sales/newcustomerquotat');
  const canChange = useHasPermission('/sales/quotationlist');
  const allowed = QUOTE_TRANSITIONS[quote.status];
  const actions: Action[] = [];
  if (onView) actions.push({ key: 'view', label: t('sales.list.view'), icon: <EyeOutlined />, onClick: onView });
  if (canEdit && quote.status === 'pending')
    actions.push({
      key: 'edit',
      label: t('sales.list.edit'),
      icon: <EditOutlined />,
      onClick: () => navigate(`/sales/newcustomerquotat?id=${quote.id}`),
    });
  if (canChange && allowed.includes('sold'))
    actions.push({
      key: 'sold',
      label: t('sales.list.markSold'),
      icon: <CheckCircleOutlined />,
      onClick: () => status.markSold(quote),
    });
  if (canChange && allowed.includes('not_sold'))
    actions.push({
      key: 'notSold',
      label: t('sales.list.markNotSold'),
      icon: <CloseCircleOutlined />,
      danger: true,
      onClick: () => status.markNotSold(quote),
    });
  if (canChange && allowed.includes('pending'))
    actions.push({ key: 'reopen', label: t('sales.list.reopen'), icon: <UndoOutlined />, onClick: () => status.reopen(quote) });
  if (documents) {
    actions.push(
      {
        key: 'download',
        label: t('sales.list.downloadPdf'),
        icon: <DownloadOutlined />,
        onClick: documents.download,
        iconOnly: true,
      },
      { key: 'print', label: t('sales.list.printPdf'), icon: <PrinterOutlined />, onClick: documents.print, iconOnly: true },
    );
    if (canChange) actions.push({ key: 'send', label: t('sales.list.send'), icon: <MailOutlined />, onClick: documents.send });
  }

  return (
    <Space size={compact ? 0 : 4} wrap={!compact} data-testid={`quote-actions-${quote.reference}`}>
      {actions.map((action) =>
        compact || action.iconOnly ? (
          <Tooltip key={action.key} title={action.label}>
            <GuardedButton
              size={size}
              type={action.iconOnly ? 'text' : 'link'}
              danger={action.danger}
              icon={action.icon}
              aria-label={action.label}
              onClick={action.onClick}
            />
          </Tooltip>
        ) : (
          <GuardedButton
            key={action.key}
            size={size}
            type="link"
            danger={action.danger}
            icon={action.key === 'send' ? action.icon : undefined}
            onClick={action.onClick}
          >
            {action.label}
          </GuardedButton>
        ),
      )}
    </Space>
  );
}
