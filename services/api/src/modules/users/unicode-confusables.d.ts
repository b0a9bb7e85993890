/** The part of `unicode-confusables` Daybook uses (the package ships no type declarations). */
declare module 'unicode-confusables' {
  /** Each character replaced by its confusables.txt prototype (zero-width spaces and joiners dropped). */
  export function rectifyConfusion(value: string): string;
}
