import { Avatar, type AvatarProps } from 'antd';
import { usePhotoUrl } from './usePhotoUrl';

export interface EmployeeAvatarProps {
  id: number;
  name: string;
  photoTag: string | null | undefined;
  size?: AvatarProps['size'];
}

/** Up to two initials of a name ('Linda Chen' → 'LC'; '王芳' → '王'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...(words[0] ?? '')][0] ?? '';
  if (words.length === 1) return first.toUpperCase();
  const last = [...(words.at(-1) ?? '')][0] ?? '';
  return `${first}${last}`.toUpperCase();
}

/** Palette of the initials avatars: the same person always gets the same colour. */
const COLORS = ['#1677ff', '#13a8a8', '#722ed1', '#eb2f96', '#fa8c16', '#52c41a', '#2f54eb', '#a0d911'];
const colorOf = (id: number) => COLORS[id % COLORS.length];

/** The employee's photo, or their initials while there is none (or while it loads). */
export function EmployeeAvatar({ id, name, photoTag, size = 'default' }: EmployeeAvatarProps) {
  const url = usePhotoUrl(id, photoTag);
  if (url) return <Avatar size={size} src={url} alt={name} data-testid={`avatar-${id}`} />;
  return (
    <Avatar size={size} style={{ backgroundColor: colorOf(id), flex: 'none' }} data-testid={`avatar-${id}`}>
      {initialsOf(name)}
    </Avatar>
  );
}
