import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** What a zone tag needs: any zone shape of the contract (`ZoneOption`, the lookup's zone, `Zone`). */
export interface ZoneTagZone {
  name: string;
  color: string;
  code?: string;
}

/** Black or white, whichever reads better on `background` (#rrggbb); white when it cannot tell. */
export function readableTextColor(background: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background.trim());
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((hex) => Number.parseInt(hex, 16) / 255) as [number, number, number];
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  // The contrast ratio against black beats the one against white above this luminance.
  return luminance > 0.179 ? 'rgba(0, 0, 0, 0.88)' : '#ffffff';
}

export interface ZoneTagProps {
  zone: ZoneTagZone;
  /** Shown after the name inside the tag (for example how a ZIP matched). */
  suffix?: ReactNode;
}

/**
 * A zone's name on its colour, for every screen that shows where a location belongs (customers, teams,
 * schedules). Carries no text of its own, so it needs no strings of this module.
 */
export function ZoneTag({ zone, suffix }: ZoneTagProps) {
  return (
    <Tag
      data-testid="zone-tag"
      data-color={zone.color}
      title={zone.code}
      variant="solid"
      style={{ background: zone.color, color: readableTextColor(zone.color), borderColor: zone.color }}
    >
      {zone.name}
      {suffix ? <> · {suffix}</> : null}
    </Tag>
  );
}
