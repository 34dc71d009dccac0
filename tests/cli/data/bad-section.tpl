[stepp]
${x}
