import { forwardRef, useImperativeHandle, useRef } from 'react';
import type { PointerEvent } from 'react';
import styles from './SignaturePad.module.css';

export type SignaturePadHandle = { isEmpty(): boolean; clear(): void; canvas(): HTMLCanvasElement | null };

/** A drawn signature (signature forms, handing over mail and keys): finger, pen or mouse (pointer events); the page does not scroll while drawing. */
export const SignaturePad = forwardRef<SignaturePadHandle, { label: string; describedBy?: string; onChange(signed: boolean): void }>(function SignaturePad(
  { label, describedBy, onChange },
  ref,
) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const strokes = useRef(0);

  useImperativeHandle(ref, () => ({
    isEmpty: () => strokes.current === 0,
    clear: () => {
      const c = canvasRef.current;
      c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
      strokes.current = 0;
      onChange(false);
    },
    canvas: () => canvasRef.current,
  }));

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const box = c.getBoundingClientRect();
    return { x: ((e.clientX - box.left) / box.width) * c.width, y: ((e.clientY - box.top) / box.height) * c.height };
  };

  return (
    <canvas
      ref={canvasRef}
      className={styles.pad}
      width={600}
      height={220}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      onPointerDown={(e) => {
        const ctx = e.currentTarget.getContext('2d');
        if (!ctx) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        drawing.current = true;
        const p = point(e);
        ctx.lineWidth = 3;
        ctx.lineCap = 'round';
        ctx.lineJoin = 'round';
        ctx.strokeStyle = '#111827';
        ctx.beginPath();
        ctx.moveTo(p.x, p.y);
      }}
      onPointerMove={(e) => {
        if (!drawing.current) return;
        const ctx = e.currentTarget.getContext('2d');
        const p = point(e);
        ctx?.lineTo(p.x, p.y);
        ctx?.stroke();
      }}
      onPointerUp={() => {
        if (!drawing.current) return;
        drawing.current = false;
        strokes.current += 1;
        onChange(true);
      }}
      onPointerCancel={() => {
        drawing.current = false;
      }}
    />
  );
});
