import type { ColoredRef } from '@tidyhouse/contract';
import { Tag } from 'antd';

/** A zone (or team) name on its colour; past `maxWidth` px cut with an ellipsis, the whole name on hover. */
export function ZoneTag({ zone, testId, maxWidth }: { zone: ColoredRef | null | undefined; testId?: string; maxWidth?: number }) {
  if (!zone) return null;
  const cut = maxWidth ? { maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' } : undefined;
  return (
    <Tag color={zone.color} data-testid={testId} title={maxWidth ? zone.name : undefined} style={cut}>
      {zone.name}
    </Tag>
  );
}
