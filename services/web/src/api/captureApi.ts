import type { CaptureContextDto, CaptureCorrectionsInput, CaptureCorrectionsResult } from '@daybook/shared';
import { baseApi } from './baseApi';

/**
 * Task capture (DECISIONS 26–28): what the browser's structurer needs beyond the clients list (the
 * user's usual estimates, whether a model reviews proposals), and the corrections that teach it.
 */
export const captureApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCaptureContext: build.query<CaptureContextDto, void>({
      query: () => 'capture/context',
      providesTags: ['Capture'],
    }),
    /** A client alias grows the client (its list refreshes); an estimate becomes a habit (the context refreshes). */
    sendCaptureCorrections: build.mutation<CaptureCorrectionsResult, CaptureCorrectionsInput>({
      query: (body) => ({ url: 'capture/corrections', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Capture', 'Client']),
    }),
  }),
});

export const { useGetCaptureContextQuery, useSendCaptureCorrectionsMutation } = captureApi;
