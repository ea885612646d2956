// One icon of icons.tsx, drawn at the size of the text beside it. Apart from the icon set, so a screen
// with a single icon (the sign-in page's buttons) does not load every icon of the app.
import type { LucideIcon } from 'lucide-react';

export type IconComponent = LucideIcon;

type Props = { icon: IconComponent; size?: number; className?: string };

/** One icon, sized to the text beside it; decoration next to a text label, hidden from assistive technology. */
export function Icon({ icon: Glyph, size = 20, className }: Props) {
  return <Glyph aria-hidden="true" focusable="false" size={size} strokeWidth={2} className={className} />;
}
