/* At -g, a loop run in an OpenMP region of the plugin's own whose body
   assigns a parameter, used after the loop: the debug statements of the
   body name the parameter, which the move into the region's function does
   not map, and the compiler crashed (GCC's gcc.target/i386/pr94283.c, that
   is fold-bopcond-1.c, at -O2 -g -ftree-parallelize-loops=2 or with
   -fcompare-debug).  And a loop whose body calls a function inlined
   there: the marker of the inlined call's entry lost its block in the
   move, and final crashed (GCC's gcc.c-torture/execute/pr104814.c at -O3
   -g).  Now those debug statements are dropped from the region, as
   parloops drops its own: the regions run, the last value of X comes
   back, and -fcompare-debug finds the same code with and without -g.  */
/* { dg-do run } */
/* { dg-options "-O2 -g -fcompare-debug -ftree-parallelize-loops=2 -fopt-info-loop-optimized" } */

#define N 4000
unsigned short a[N];

__attribute__((noinline)) unsigned int
halves (unsigned short *p, unsigned int x)
{
  unsigned int i;
  for (i = 0; i < N; i++) /* { dg-optimized "loop run in parallel in an OpenMP region of gccpoly's own .parloops declined it.: each thread runs a block of its iterations; 1 value used after the loop taken from the thread that ran its last iteration" "" } */
    {
      x = p[i];
      p[i] = (unsigned short) (x <= 32768 ? x + 32768 : 0);
    }
  return x;
}

short a2 = 0;
static long b2 = 0;
int c2 = 7;
char d2 = 0;
short *e2 = &a2;
long f2 = 0;

static unsigned long
divide_or_keep (unsigned long h, long j)
{
  return j == 0 ? h : h / j;
}

__attribute__((noinline)) void
countdown (void)
{
  for (; c2; --c2) /* { dg-optimized "loop run in parallel in an OpenMP region of gccpoly's own" "" { target gcc12 } } */
    {
      long m = divide_or_keep (f2, --b2);
      d2 = ((char) m | *e2) <= 43165;
    }
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    a[i] = i * 17;
  unsigned int last = halves (a, 7);
  unsigned int bad = last != (unsigned short) ((N - 1) * 17);
  for (int i = 0; i < N; i++)
    {
      unsigned int v = (unsigned short) (i * 17);
      bad += a[i] != (unsigned short) (v <= 32768 ? v + 32768 : 0);
    }
  c2 = N;
  countdown ();
  bad += b2 != -N || c2 != 0 || d2 != 1;
  return bad != 0;
}

/* { dg-final { scan-report {functions[name=halves].loops[line=22].transform} {["parallel","own-region"]} } } */
/* { dg-final { scan-report {functions[name=countdown].loops[line=46].transform} {["parallel","own-region"]} } { target gcc12 } } */
/* GCC 11 keeps d2's cell in memory through a pointer the loop also
   hands on: no copies per thread; the cell's running value is kept in a
   register instead, and the loop stays sequential.  */
/* { dg-final { scan-report {functions[name=countdown].loops[line=46].transform} {["register-cell"]} } { target gcc11 } } */
