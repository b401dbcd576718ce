import CarOutlined from '@ant-design/icons-svg/es/asn/CarOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import ClockCircleFilled from '@ant-design/icons-svg/es/asn/ClockCircleFilled';
import PlayCircleFilled from '@ant-design/icons-svg/es/asn/PlayCircleFilled';
import type { BoardJob } from '@tidyhouse/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { plainIcon } from '@/components/PlainIcon';
import './fieldMark.css';

// Bare SVGs like the block's other flags (PlainIcon): a day holds hundreds of blocks.
const ICONS = { notStarted: ClockCircleFilled, enRoute: CarOutlined, inProgress: PlayCircleFilled, done: CheckCircleFilled };

/** The words of a job's state from the field (issue 21), or null when the crew has reported nothing. */
export function fieldStateText(
  t: TFunction,
  job: Pick<BoardJob, 'fieldState' | 'lateToArrive' | 'fieldConflict'>,
): string | null {
  const words = [
    job.fieldState !== 'notStarted' ? t(`service.board.field.${job.fieldState}`) : null,
    job.lateToArrive ? t('service.board.field.late') : null,
    job.fieldConflict ? t('service.board.field.conflict') : null,
  ].filter(Boolean);
  return words.length ? words.join(' · ') : null;
}

/**
 * The small mark of a block for what the crew reported from the field: en route, in progress, done,
 * or late to arrive. A plain function of the block's `t` (no hook of its own: a day holds hundreds
 * of blocks), drawn by BlockBody.
 */
export function fieldMark(t: TFunction, job: BoardJob): ReactNode {
  const text = fieldStateText(t, job);
  if (!text) return null;
  return (
    <span
      role="img"
      className={`board-field-mark board-field-${job.fieldState}${job.lateToArrive || job.fieldConflict ? ' board-field-late' : ''}`}
      title={text}
      aria-label={text}
      data-testid={`field-${job.reference}`}
    >
      {plainIcon(ICONS[job.fieldState])}
    </span>
  );
}
