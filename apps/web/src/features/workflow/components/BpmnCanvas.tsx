import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import { useEffect, useRef, useState } from 'react';
import './bpmn.css';
import { withDiagram } from '../engine/designerXml';

interface Canvas {
  zoom(level: 'fit-viewport' | number, center?: 'auto'): number;
  resized(): void;
  addMarker(element: string, marker: string): void;
}
interface ElementRegistry {
  get(id: string): unknown;
}

export interface BpmnCanvasProps {
  xml: string;
  /** finished nodes (green) */
  doneNodes?: string[];
  /** nodes with open tasks (orange, pulsing) */
  currentNodes?: string[];
  /** sequence flows already taken */
  doneFlows?: string[];
  height?: number | string;
}

/**
 * The BPMN diagram (bpmn-js NavigatedViewer: pan with the mouse, zoom with the wheel), with done and
 * current nodes highlighted. Loaded in its own chunk.
 */
/** Fits the whole diagram with a margin (an exact fit clips the outer strokes). */
function fit(canvas: Canvas): void {
  canvas.resized();
  const scale = canvas.zoom('fit-viewport', 'auto');
  canvas.zoom(Math.min(scale * 0.92, 1.4), 'auto');
}

export default function BpmnCanvas({
  xml,
  doneNodes = [],
  currentNodes = [],
  doneFlows = [],
  height = 420,
}: BpmnCanvasProps) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const marks = JSON.stringify([doneNodes, currentNodes, doneFlows]);

  useEffect(() => {
    if (!host.current) return;
    const viewer = new NavigatedViewer({ container: host.current });
    let live = true;
    let ready = false;
    let timer: number | undefined;
    setError(null);
    // The dialog opens with an animation: fit again whenever the container settles to a new size.
    const observer =
      typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver(() => {
            if (!ready) return;
            window.clearTimeout(timer);
            timer = window.setTimeout(() => {
              fit(viewer.get<Canvas>('canvas'));
            }, 120);
          })
        : null;
    observer?.observe(host.current);
    // a file without a diagram (most engine test files) gets one laid out, as in the designer
    withDiagram(xml)
      .then((shown) => viewer.importXML(shown))
      .then(() => {
        if (!live) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<ElementRegistry>('elementRegistry');
        const [done, current, flows] = JSON.parse(marks) as [string[], string[], string[]];
        const mark = (id: string, cls: string) => {
          if (registry.get(id)) canvas.addMarker(id, cls);
        };
        done.filter((id) => !current.includes(id)).forEach((id) => mark(id, 'wf-done'));
        current.forEach((id) => mark(id, 'wf-current'));
        flows.forEach((id) => mark(id, 'wf-flow-done'));
        fit(canvas);
        ready = true;
        // once more after the dialog's opening animation
        timer = window.setTimeout(() => fit(canvas), 400);
      })
      .catch((e: unknown) => {
        if (live) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
      observer?.disconnect();
      window.clearTimeout(timer);
      viewer.destroy();
    };
  }, [xml, marks]);

  return (
    <div className="wf-bpmn" data-testid="bpmn-diagram">
      {error && <div className="wf-bpmn-error">流程图加载失败：{error}</div>}
      <div ref={host} className="wf-bpmn-canvas" style={{ height }} />
      <div className="wf-bpmn-legend">
        <span className="wf-legend wf-legend-done">已完成</span>
        <span className="wf-legend wf-legend-current">当前节点</span>
        <span className="wf-legend wf-legend-todo">未到达</span>
      </div>
    </div>
  );
}
