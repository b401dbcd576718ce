/**
 * The few icons the field app shows, drawn inline (24 × 24, current colour): emoji render as empty
 * boxes on phones without an emoji font, and an icon package is more than these six need.
 */
function Icon({ d }: { d: string }) {
  return (
    <svg className="field-svg" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const CalendarOutline = () => <Icon d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4" />;
export const ClockCircleOutline = () => <Icon d="M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 2" />;
export const SetOutline = () => (
  <Icon d="M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
);
export const EnvironmentOutline = () => (
  <Icon d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 7.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5" />
);
export const PhoneFill = () => (
  <Icon d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2" />
);
export const CameraOutline = () => <Icon d="M3 8h4l2-3h6l2 3h4v11H3zM12 10a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7" />;
