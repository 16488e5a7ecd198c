/* map-check: a stand-in GPU for the tests of the offload annotations.

   Without a GPU, libgomp runs every `target' region on the host, in the
   host's memory, so a `map' clause that copies too little, or the wrong
   way, goes unnoticed.  Preloaded (LD_PRELOAD=map-check.so), this library
   takes GCC 12's GOMP_target_ext and gives the region copies of its mapped
   sections, as a device would: `to' and `tofrom' sections start with the
   host's bytes, `from' and `alloc' ones with 0xff garbage; after the
   region, `from' and `tofrom' sections are copied back.  Memory the region
   uses outside every section is then garbage or lost, and sections that
   overlap in part stop the program (exit 99), as libgomp refuses them.
   Regions whose if() is false (device GOMP_DEVICE_HOST_FALLBACK) run as
   libgomp runs them.

   Map kinds are GCC 12's (include/gomp-constants.h): 0 alloc, 1 to,
   2 from, 3 tofrom, with the "always" bits 0x60 ignored; 12 firstprivate
   (copied); 13 firstprivate int (a value, not an address); 15 a
   zero-length section, i.e. a pointer the region uses, pointed into the
   copy of the section that holds its target.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*region_fn) (void *);
typedef void (*target_ext_fn) (int, region_fn, size_t, void **, size_t *,
			       unsigned short *, unsigned int, void **,
			       void **);

enum { HOST_FALLBACK = -2, MAP_ALLOC = 0, MAP_TO = 1, MAP_FROM = 2,
       MAP_TOFROM = 3, FIRSTPRIVATE = 12, FIRSTPRIVATE_INT = 13,
       ZERO_LEN_SECTION = 15 };

/* The map kind of entry K, its "always" modifier dropped.  */
static int
kind_of (const unsigned short *kinds, size_t k)
{
  int kind = kinds[k] & 0xff;
  if ((kind & 0x60) == 0x60 && (kind & ~0x60) <= MAP_TOFROM)
    kind &= ~0x60;
  return kind;
}

static int
is_section (int kind)
{
  return kind <= MAP_TOFROM;
}

void
GOMP_target_ext (int device, region_fn fn, size_t mapnum, void **hostaddrs,
		 size_t *sizes, unsigned short *kinds, unsigned int flags,
		 void **depend, void **args)
{
  static target_ext_fn real;
  if (!real)
    real = (target_ext_fn) dlsym (RTLD_NEXT, "GOMP_target_ext");
  if (device == HOST_FALLBACK)
    {
      real (device, fn, mapnum, hostaddrs, sizes, kinds, flags, depend, args);
      return;
    }
  void **copy = calloc (mapnum ? mapnum : 1, sizeof *copy);
  for (size_t i = 0; i < mapnum; i++)
    {
      int kind = kind_of (kinds, i);
      copy[i] = hostaddrs[i];
      if (is_section (kind))
	{
	  char *a0 = hostaddrs[i], *a1 = a0 + sizes[i];
	  int inside = 0;
	  for (size_t j = 0; j < i && !inside; j++)
	    {
	      if (!is_section (kind_of (kinds, j)))
		continue;
	      char *b0 = hostaddrs[j], *b1 = b0 + sizes[j];
	      if (a0 < b1 && b0 < a1 && !(a0 >= b0 && a1 <= b1)
		  && !(b0 >= a0 && b1 <= a1))
		{
		  fprintf (stderr, "map-check: sections [%p, %p) and [%p, %p) "
			   "overlap in part\n", (void *) a0, (void *) a1,
			   (void *) b0, (void *) b1);
		  exit (99);
		}
	      if (sizes[i] && a0 >= b0 && a1 <= b1)
		{
		  copy[i] = (char *) copy[j] + (a0 - b0);
		  inside = 1;
		}
	    }
	  if (inside || sizes[i] == 0)
	    continue;
	  copy[i] = malloc (sizes[i]);
	  if (kind & MAP_TO)
	    memcpy (copy[i], hostaddrs[i], sizes[i]);
	  else
	    memset (copy[i], 0xff, sizes[i]);
	}
      else if (kind == FIRSTPRIVATE && hostaddrs[i] && sizes[i])
	{
	  copy[i] = malloc (sizes[i]);
	  memcpy (copy[i], hostaddrs[i], sizes[i]);
	}
      else if (kind != FIRSTPRIVATE && kind != FIRSTPRIVATE_INT
	       && kind != ZERO_LEN_SECTION)
	fprintf (stderr, "map-check: map kind %d left as it is\n", kind);
    }
  for (size_t i = 0; i < mapnum; i++)
    {
      if (kind_of (kinds, i) != ZERO_LEN_SECTION)
	continue;
      copy[i] = NULL;
      for (size_t j = 0; j < mapnum; j++)
	{
	  char *b0 = hostaddrs[j];
	  if (is_section (kind_of (kinds, j)) && (char *) hostaddrs[i] >= b0
	      && (char *) hostaddrs[i] < b0 + sizes[j])
	    copy[i] = (char *) copy[j] + ((char *) hostaddrs[i] - b0);
	}
      if (!copy[i] && hostaddrs[i])
	fprintf (stderr, "map-check: pointer %p points into no section\n",
		 hostaddrs[i]);
    }
  real (HOST_FALLBACK, fn, mapnum, copy, sizes, kinds, flags, depend, args);
  for (size_t i = 0; i < mapnum; i++)
    {
      int kind = kind_of (kinds, i);
      if ((kind != MAP_FROM && kind != MAP_TOFROM) || copy[i] == hostaddrs[i])
	continue;
      /* A section inside another is copied back with it.  */
      int owner = 1;
      for (size_t j = 0; j < i; j++)
	if (is_section (kind_of (kinds, j)) && copy[j] != hostaddrs[j]
	    && (char *) copy[i] >= (char *) copy[j]
	    && (char *) copy[i] < (char *) copy[j] + sizes[j])
	  owner = 0;
      if (owner)
	memcpy (hostaddrs[i], copy[i], sizes[i]);
    }
}
