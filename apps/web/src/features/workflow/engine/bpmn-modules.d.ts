// bpmn-moddle ships types only under its `./types` export, bpmn-auto-layout none; the parts the designer uses.
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(
      xml: string,
      typeName?: string,
    ): Promise<{ rootElement: unknown; warnings: unknown[]; references: unknown[] }>;
    toXML(element: unknown, options?: { format?: boolean }): Promise<{ xml: string }>;
    createAny(name: string, nsUri: string, props?: Record<string, unknown>): unknown;
  }
}
declare module 'bpmn-auto-layout' {
  export function layoutProcess(xml: string): Promise<string>;
}
