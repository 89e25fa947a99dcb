daybook.receive("days",{"days":"feBB"});
