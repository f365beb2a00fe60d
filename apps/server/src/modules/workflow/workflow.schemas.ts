// The workflow routes' request schemas are declared in the contract, beside the endpoint declarations.
export * from '@go/contract/workflow/schemas';
