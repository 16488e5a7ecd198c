/* GPU offload plans (-fplugin-arg-gccpoly-offload): the collapse depth the
   coalescing model (warp 32, 128-byte lines) picks, and each access's
   requests per warp and class, on seed 000's and seed 002's examples.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-gccpoly-offload -fplugin-arg-gccpoly-offload-min-iterations=1 -fopt-info-loop-all" } */	/* no minimum work: the examples are about coalescing (offload-min-work.c) */

#define NI 1024
#define NJ 1024
#define NK 1024

/* Seed 000 T4 (GEMM): with i alone as the lanes, C and A move 4 KiB per
   lane (32 requests each); collapse(2) makes j the lanes: C and B stride
   4 bytes (one request), A the same for every lane.  A and B, only read,
   may overlap (restrict allows it); libgomp maps them only apart, so the
   construct offloads where they are (if(target: ...)).  */
void
gemm (float *restrict A, float *restrict B, float *restrict C, float alpha, float beta)
{
  for (int i = 0; i < NI; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: A\\\[0:1048576\\\], B\\\[0:1048576\\\]\\) map\\(tofrom: C\\\[0:1048576\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(A \\+ \\(1048576\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(B\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(B \\+ \\(1048576\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(A\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(A \\+ \\(1048576\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(C\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(C \\+ \\(1048576\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(A\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(B \\+ \\(1048576\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(C\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(C \\+ \\(1048576\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(B\\)\\), else the loop as written; 5\\.0 memory requests per warp \\(129\\.0 with the outermost loop alone\\)" } */
    for (int j = 0; j < NJ; j++)
      {
	C[i * NJ + j] *= beta;
	for (int k = 0; k < NK; ++k)
	  C[i * NJ + j] += alpha * A[i * NK + k] * B[k * NJ + j];
      }
}

/* Seed 000 T5 (2DCONV): 32 requests per access as written, one
   collapsed; B's section is the rows it writes, which it does not write
   whole (columns 0 and NJ-1): tofrom.  */
#define M 1026
void
conv2d (const float *restrict A, float *restrict B)
{
  for (int i = 1; i < M - 1; ++i)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: A\\\[0:1052676\\\]\\) map\\(tofrom: B\\\[1027:1050622\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(A \\+ \\(1052676\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(B \\+ \\(1027\\)\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(B \\+ \\(1027\\) \\+ \\(1050622\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(A\\)\\), else the loop as written; 4\\.0 memory requests per warp \\(128\\.0 with the outermost loop alone\\)" } */
    for (int j = 1; j < M - 1; ++j)
      B[i * M + j] = 0.2f * A[(i - 1) * M + (j - 1)] + 0.5f * A[i * M + j]
		     - 0.8f * A[(i + 1) * M + (j + 1)];
}

/* Seed 000 T8 (MVT): j carries the sum into x1[i], so no collapse; the
   matrix read stays uncoalesced.  */
void
mvt (float *restrict x1, const float *restrict a, const float *restrict y1)
{
  for (int i = 0; i < NI; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd map\\(to: a\\\[0:1048576\\\], y1\\\[0:1024\\\]\\) map\\(tofrom: x1\\\[0:1024\\\]\\) if \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(1048576\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(x1\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(x1 \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(a \\+ \\(1048576\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(y1\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(y1 \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(a\\)\\) && \\(\\(__UINTPTR_TYPE__\\)\\(x1 \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(y1\\) \\|\\| \\(__UINTPTR_TYPE__\\)\\(y1 \\+ \\(1024\\)\\) <= \\(__UINTPTR_TYPE__\\)\\(x1\\)\\), else the loop as written; 35\\.0 memory requests per warp \\(35\\.0 with the outermost loop alone\\)" } */
    for (int j = 0; j < NJ; j++)
      x1[i] = x1[i] + a[i * NJ + j] * y1[j];
}

/* Seed 002 E6 (matrix add): rows as lanes, 32 requests per access;
   collapsed, a warp reads 256 contiguous bytes: two 128-byte requests,
   the fewest possible (coalesced).  Every element of c is written: from.  */
double ma[NI][NJ], mb[NI][NJ], mc[NI][NJ];
void
madd (void)
{
  for (int i = 0; i < NI; i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd collapse\\(2\\) map\\(to: ma\\\[0:1024\\\], mb\\\[0:1024\\\]\\) map\\(from: mc\\\[0:1024\\\]\\); 6.0 memory requests per warp \\(96.0 with the outermost loop alone\\)" } */
    for (int j = 0; j < NJ; j++)
      mc[i][j] = ma[i][j] + mb[i][j];
}

/* Seed 002 E12: a stride of two doubles is 4 requests per warp (strided);
   c12 is the same for every lane (uniform).  */
double a12[1 << 22], c12[64];
void
get_index (void)
{
  for (int i = 0; i < (1 << 20); i++)	/* { dg-remark "offload plan: omp target teams distribute parallel for simd map\\(to: c12\\\[4:15\\\]\\) map\\(tofrom: a12\\\[4:2097151\\\]\\); 9.0 memory requests per warp" } */
    for (int k = 0; k < 8; k++)
      a12[2 * i + 4] += c12[2 * k + 4];
}

/* { dg-final { scan-report {functions[name=gemm].loops[line=19].offload.collapse} {2} } } */
/* { dg-final { scan-report {functions[name=gemm].loops[line=19].offload.accesses[*].coalescing} {["coalesced","coalesced","uniform","coalesced","coalesced"]} } } */
/* { dg-final { scan-report {functions[name=gemm].loops[line=19].offload.accesses[*].array} {["C","C","A","B","C"]} } } */
/* { dg-final { scan-report {functions[name=conv2d].loops[line=35].offload.accesses[*].requests} {[1.0,1.0,1.0,1.0]} } } */
/* { dg-final { scan-report {functions[name=mvt].loops[line=46].offload.accesses[*].coalescing} {["uncoalesced","uniform","coalesced","coalesced"]} } } */
/* { dg-final { scan-report {functions[name=mvt].loops[line=46].offload.accesses[*].requests} {[32.0,1.0,1.0,1.0]} } } */
/* { dg-final { scan-report {functions[name=madd].loops[line=58].offload.accesses[*].coalescing} {["coalesced","coalesced","coalesced"]} } } */
/* { dg-final { scan-report {functions[name=madd].loops[line=58].offload.original_requests} {96.0} } } */
/* { dg-final { scan-report {functions[name=get_index].loops[line=69].offload.accesses[*].coalescing} {["uniform","strided","strided"]} } } */
/* { dg-final { scan-report {functions[name=get_index].loops[line=69].offload.accesses[*].requests} {[1.0,4.0,4.0]} } } */
/* { dg-final { scan-report {functions[name=get_index].loops[line=69].offload.annotated} {false} } } */
