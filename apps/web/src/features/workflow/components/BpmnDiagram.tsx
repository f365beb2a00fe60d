import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { BpmnCanvasProps } from './BpmnCanvas';

const BpmnCanvas = lazy(() => import('./BpmnCanvas'));

/** The BPMN diagram; bpmn-js loads on first use in its own chunk. */
export function BpmnDiagram(props: BpmnCanvasProps) {
  return (
    <Suspense
      fallback={
        <div
          style={{
            height: props.height ?? 420,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Spin />
        </div>
      }
    >
      <BpmnCanvas {...props} />
    </Suspense>
  );
}
