# no references needed beyond the listing
