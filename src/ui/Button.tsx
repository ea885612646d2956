import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './Icon';
import type { IconComponent } from './Icon';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; block?: boolean; icon?: IconComponent };

export function Button({ variant = 'primary', block = false, icon, className, type = 'button', children, ...rest }: Props) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {icon ? <Icon icon={icon} /> : null}
      {children}
    </button>
  );
}
