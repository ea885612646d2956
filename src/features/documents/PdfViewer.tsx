// A PDF drawn by pdf.js on a canvas, page by page, with page navigation and zoom: phone browsers do not
// show a PDF inside the page, and the content security policy allows no <object>. Loaded lazily (with
// pdf.js) by DocumentView only; the worker is a file of the app, cached by the service worker on first use.
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import styles from './Documents.module.css';
import { Alert } from '../../ui/Alert';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Zoom steps, as multiples of the width that fits the screen. */
const zoomSteps = [0.5, 0.75, 1, 1.5, 2, 3] as const;
const FIT = zoomSteps.indexOf(1);

/** `download`: the link to save the file, shown under the pages (and alone when pdf.js cannot read it). */
export function PdfViewer({ blob, title, download }: { blob: Blob; title: string; download: ReactNode }) {
  const { t } = useTranslation('documents');
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(FIT);
  const [rendered, setRendered] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let live = true;
    let loaded: PDFDocumentProxy | null = null;
    setDoc(null);
    setFailed(false);
    setPageNumber(1);
    // No eval: the content security policy allows none, and pdf.js draws fonts without it.
    void blob
      .arrayBuffer()
      .then((bytes) => getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise)
      .then(
        (d) => {
          loaded = d;
          if (live) setDoc(d);
          else void d.destroy();
        },
        () => live && setFailed(true),
      );
    return () => {
      live = false;
      void loaded?.destroy();
    };
  }, [blob]);

  useEffect(() => {
    const target = canvas.current;
    const box = frame.current;
    if (!doc || !target || !box) return;
    let live = true;
    let task: RenderTask | null = null;
    setRendered(false);
    void doc.getPage(pageNumber).then(
      async (page) => {
        if (!live) return;
        const natural = page.getViewport({ scale: 1 });
        const fit = Math.max(box.clientWidth - 2, 100) / natural.width;
        const viewport = page.getViewport({ scale: fit * (zoomSteps[zoom] ?? 1) });
        const ratio = window.devicePixelRatio || 1;
        target.width = Math.floor(viewport.width * ratio);
        target.height = Math.floor(viewport.height * ratio);
        target.style.inlineSize = `${Math.floor(viewport.width)}px`;
        target.style.blockSize = `${Math.floor(viewport.height)}px`;
        const context = target.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        task = page.render({ canvas: target, canvasContext: context, viewport, ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}) });
        await task.promise;
        if (live) setRendered(true);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, pageNumber, zoom]);

  if (failed) {
    return (
      <div className={styles.pdf}>
        <Alert>{t('pdf.failed')}</Alert>
        {download}
      </div>
    );
  }
  const pages = doc?.numPages ?? 0;
  return (
    <div className={styles.pdf}>
      <div className={styles.pdfBar} role="toolbar" aria-label={t('pdf.toolbar', { title })}>
        <Button variant="secondary" onClick={() => setPageNumber((n) => n - 1)} disabled={pageNumber <= 1} aria-label={t('pdf.previous')}>
          <span aria-hidden="true" className={styles.flip}>
            ‹
          </span>
        </Button>
        <span className={styles.pdfPage} aria-live="polite">
          {pages > 0 ? t('pdf.pageOf', { page: pageNumber, pages }) : ''}
        </span>
        <Button variant="secondary" onClick={() => setPageNumber((n) => n + 1)} disabled={pageNumber >= pages} aria-label={t('pdf.next')}>
          <span aria-hidden="true" className={styles.flip}>
            ›
          </span>
        </Button>
        <Button variant="secondary" onClick={() => setZoom((z) => z - 1)} disabled={zoom <= 0} aria-label={t('pdf.zoomOut')}>
          −
        </Button>
        <Button variant="secondary" onClick={() => setZoom(FIT)} disabled={zoom === FIT}>
          {`${Math.round((zoomSteps[zoom] ?? 1) * 100)}%`}
          <span className="visually-hidden">{` – ${t('pdf.fitWidth')}`}</span>
        </Button>
        <Button variant="secondary" onClick={() => setZoom((z) => z + 1)} disabled={zoom >= zoomSteps.length - 1} aria-label={t('pdf.zoomIn')}>
          +
        </Button>
      </div>
      {/* Focusable: a zoomed page scrolls with the keyboard too. */}
      <div ref={frame} className={styles.pdfFrame} role="group" aria-label={t('pdf.frame', { title })} tabIndex={0}>
        {!rendered ? <Spinner label={t('pdf.loading')} /> : null}
        <canvas
          ref={canvas}
          className={styles.pdfCanvas}
          role="img"
          aria-label={t('pdf.pageLabel', { title, page: pageNumber, pages })}
          data-rendered={rendered ? 'true' : 'false'}
        />
      </div>
      {download}
    </div>
  );
}
