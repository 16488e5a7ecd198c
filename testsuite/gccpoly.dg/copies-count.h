/* Counts the blocks calloc gives this program (the copies per thread of
   gp_loop_thread_copies), so that a test can require every one given
   back: NLIVE is how many are not.  glibc's own calloc and free do the
   work; the calls from the C library (a thread's start allocates) are not
   counted.  Included by the tests that run such copies.  */
#include <stddef.h>

extern void *__libc_calloc (size_t, size_t);
extern void __libc_free (void *);
extern char __executable_start[], etext[];
static void *live[64];
static int nlive;

void *
calloc (size_t n, size_t size)
{
  void *p = __libc_calloc (n, size);
  char *from = __builtin_return_address (0);
  if (p && nlive < 64 && from >= __executable_start && from < etext)
    live[nlive++] = p;
  return p;
}

void
free (void *p)
{
  for (int i = 0; i < nlive; i++)
    if (live[i] == p)
      {
	live[i] = live[--nlive];
	break;
      }
  __libc_free (p);
}
