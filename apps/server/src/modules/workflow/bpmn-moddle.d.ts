// bpmn-moddle ships types only under its `./types` export; the parser API the engine uses is this.
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<{ rootElement: unknown; warnings: unknown[] }>;
  }
}
