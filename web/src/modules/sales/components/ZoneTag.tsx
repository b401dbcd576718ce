import type { ColoredRef } from '@tidyhouse/contract';
import { Tag } from 'antd';

/** A zone (or team) name on its colour. */
export function ZoneTag({ zone, testId }: { zone: ColoredRef | null | undefined; testId?: string }) {
  if (!zone) return null;
  return (
    <Tag color={zone.color} data-testid={testId}>
      {zone.name}
    </Tag>
  );
}
